package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The randomized proof on a schema with the traits of a real application's: a 20,000-row seeded
 * table with a blob column, BEFORE and AFTER triggers of every kind (one of them writing another
 * seeded table), foreign keys that cascade three levels deep, a seeded table without a primary key
 * and one that tests drop and create again. Generated tests write through cascades, {@code
 * TRUNCATE}, a table created again, trigger writes, rolled-back transactions and other connections;
 * each first checks that every table equals the template.
 */
@Tag("proof")
class SeededSchemaProofTest {
  /** The kinds of work a generated test does; each round of cases runs every one. */
  static final int KINDS = 13;

  static final String SCHEMA =
      """
      CREATE TABLE region (
        id INT PRIMARY KEY,
        name VARCHAR(40) NOT NULL,
        slug VARCHAR(40) NOT NULL DEFAULT '');
      CREATE TABLE region_total (region_id INT PRIMARY KEY, stores INT NOT NULL);
      CREATE TABLE store (
        id INT PRIMARY KEY,
        region_id INT NOT NULL,
        name VARCHAR(40) NOT NULL,
        CONSTRAINT fk_store_region FOREIGN KEY (region_id) REFERENCES region (id)
          ON DELETE CASCADE ON UPDATE CASCADE);
      CREATE TABLE shelf (
        id INT PRIMARY KEY,
        store_id INT NOT NULL,
        label VARCHAR(40) NOT NULL,
        CONSTRAINT fk_shelf_store FOREIGN KEY (store_id) REFERENCES store (id) ON DELETE CASCADE);
      CREATE TABLE picture (
        id INT PRIMARY KEY,
        shelf_id INT NULL,
        caption VARCHAR(60) NOT NULL,
        png BLOB NOT NULL,
        CONSTRAINT fk_picture_shelf FOREIGN KEY (shelf_id) REFERENCES shelf (id)
          ON DELETE SET NULL);
      CREATE TABLE price_note (store_id INT NOT NULL, note VARCHAR(40) NOT NULL);
      CREATE TABLE price_tag (code VARCHAR(10) PRIMARY KEY, cents INT NOT NULL);
      CREATE TABLE audit (id BIGINT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40) NOT NULL);

      CREATE TRIGGER region_bi BEFORE INSERT ON region FOR EACH ROW SET NEW.slug = LOWER(NEW.name);
      CREATE TRIGGER region_bu BEFORE UPDATE ON region FOR EACH ROW SET NEW.slug = LOWER(NEW.name);
      CREATE TRIGGER region_bd BEFORE DELETE ON region FOR EACH ROW
        INSERT INTO audit (what) VALUES (CONCAT('region deleted ', OLD.id));
      CREATE TRIGGER store_ai AFTER INSERT ON store FOR EACH ROW
        UPDATE region_total SET stores = stores + 1 WHERE region_id = NEW.region_id;
      CREATE TRIGGER store_au AFTER UPDATE ON store FOR EACH ROW
        INSERT INTO audit (what) VALUES (CONCAT('store updated ', NEW.id));
      CREATE TRIGGER store_ad AFTER DELETE ON store FOR EACH ROW
        UPDATE region_total SET stores = stores - 1 WHERE region_id = OLD.region_id;

      CREATE TABLE digit (d INT PRIMARY KEY);
      INSERT INTO digit VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
      -- VALUES, not INSERT ... SELECT: MariaDB 11.4.5 rejects a multi-row INSERT ... SELECT that
      -- names its columns into a table with a BEFORE INSERT trigger (Column 'id' cannot be null).
      INSERT INTO region (id, name) VALUES (1, 'Region 0'), (2, 'Region 1'), (3, 'Region 2'),
        (4, 'Region 3'), (5, 'Region 4'), (6, 'Region 5'), (7, 'Region 6'), (8, 'Region 7'),
        (9, 'Region 8'), (10, 'Region 9');
      INSERT INTO store (id, region_id, name)
        SELECT a.d * 10 + b.d + 1, a.d + 1, CONCAT('Store ', a.d, b.d) FROM digit a, digit b
        WHERE b.d < 5;
      INSERT INTO region_total SELECT region_id, COUNT(*) FROM store GROUP BY region_id;
      INSERT INTO shelf (id, store_id, label)
        SELECT s.id * 10 + d.d, s.id, CONCAT('Shelf ', d.d) FROM store s, digit d;
      INSERT INTO picture (id, shelf_id, caption, png)
        SELECT n, ((n % 50) DIV 5 * 10 + (n % 50) % 5 + 1) * 10 + (n DIV 50) % 10,
               CONCAT('picture ', n),
               UNHEX(SHA2(CONCAT('png', n), 256))
        FROM (SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 1 AS n
              FROM digit a, digit b, digit c, digit e) numbers
        WHERE n <= 10000;
      INSERT INTO picture (id, shelf_id, caption, png)
        SELECT id + 10000, NULL, CONCAT('loose ', id), png FROM picture;
      INSERT INTO price_note SELECT id, CONCAT('note ', id) FROM store;
      INSERT INTO price_tag SELECT CONCAT('T', d), d * 100 FROM digit;
      DROP TABLE digit;
      ANALYZE TABLE picture;
      """;

  @TempDir Path dir;

  @Test
  void embeddedMariaDb(TestInfo test) throws Exception {
    prove(
        test,
        "embedded MariaDB, binary log",
        Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"),
        true);
  }

  @Test
  void embeddedMySql(TestInfo test) throws Exception {
    prove(test, "embedded MySQL, binary log", EmbeddedMySqlTest.MYSQL, true);
  }

  @Test
  void externalServer(TestInfo test) throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    prove(test, "external MariaDB, tables marked by triggers", ExternalServerTest.CONFIG, false);
  }

  private void prove(TestInfo test, String path, Map<String, String> server, boolean timed)
      throws Exception {
    Map<String, String> config = new HashMap<>(server);
    config.put("dbit.migrations", Migrations.write(dir, Map.of("V1__shop.sql", SCHEMA)));
    int cases = ProofSeeds.cases(KINDS);
    System.out.println(ProofSeeds.banner("seeded schema proof (" + path + ")", cases));
    EngineExecutionResults results = DbitTestKit.run(GeneratedTestCase.class, config);

    Map<String, String> failures = ProofSeeds.failures(results);
    System.out.printf(
        "randomized reset proof on the seeded schema (%s): %d generated tests, %d mismatches%n",
        path, results.testEvents().started().count(), ProofSeeds.mismatches(failures.values()));
    String replay = ProofSeeds.replay(test, failures);
    assertThat(failures).as(replay).isEmpty();
    assertThat(results.testEvents().started().count()).isEqualTo(cases);
    ServerTimeInvariant.assertHolds("seeded schema proof (" + path + ")", results, timed);
  }

  @DbIntegrationTest
  static class GeneratedTestCase {
    static IntStream cases() {
      return ProofSeeds.numbers(ProofSeeds.cases(KINDS));
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("cases")
    void startsCleanThenDoesSomethingRandom(int number, DataSource pool, TestDatabase database)
        throws SQLException {
      List<String> diff = TableStates.differences(database);
      assertThat(diff).as("tables that differ, case %d", number).isEmpty();
      work(number, pool, database);
    }
  }

  /**
   * The work of case {@code number} on {@link #SCHEMA}: one of {@value #KINDS} kinds, drawn from
   * the case's seed.
   */
  static void work(int number, DataSource pool, TestDatabase database) throws SQLException {
    Random random = new Random(ProofSeeds.seed(number));
    int id = 1 + random.nextInt(10);
    int picture = 1 + random.nextInt(20000);
    try (Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      switch (ProofSeeds.kind(number, KINDS)) {
        case 0 -> {
          // Only reads.
          statement.executeQuery("SELECT COUNT(*) FROM picture").close();
        }
        case 1 -> {
          RandomWriter writer =
              new RandomWriter(connection, database.schemaName(), random.nextLong());
          List<String> tables = new ArrayList<>(writer.tables());
          Collections.shuffle(tables, random);
          writer.insertInto(connection, tables.subList(0, 1 + random.nextInt(3)), 2);
        }
        case 2 -> {
          connection.setAutoCommit(false);
          statement.executeUpdate("UPDATE picture SET png = UNHEX('00') WHERE id = " + picture);
          statement.executeUpdate("DELETE FROM region WHERE id = " + id);
          connection.rollback();
          connection.setAutoCommit(true);
          if (random.nextBoolean()) {
            // A rollback, then a write that stays: the probe after a rollback must find it.
            statement.executeUpdate("UPDATE price_tag SET cents = cents + 1 LIMIT 1");
          }
        }
        case 3 ->
            statement.executeUpdate(
                "UPDATE picture SET png = UNHEX('01'), caption = 'x' WHERE id = " + picture);
        case 4 -> statement.executeUpdate("DELETE FROM region WHERE id = " + id);
        case 5 -> statement.executeUpdate("UPDATE region SET id = id + 100 WHERE id = " + id);
        case 6 -> {
          statement.executeUpdate("UPDATE price_note SET note = 'changed' LIMIT 1");
          statement.executeUpdate("DELETE FROM price_note LIMIT 2");
        }
        case 7 -> {
          statement.executeUpdate("UPDATE region SET name = 'Renamed' WHERE id = " + id);
          statement.executeUpdate(
              "INSERT INTO store (id, region_id, name) VALUES (999, " + id + ", 'new')");
          statement.executeUpdate("UPDATE store SET name = 'moved' WHERE id = " + id);
          statement.executeUpdate("DELETE FROM store WHERE id = " + (id + 1));
        }
        case 8 -> {
          try (Connection other = database.openConnection();
              Statement elsewhere = other.createStatement()) {
            elsewhere.executeUpdate(
                "UPDATE picture SET caption = 'other' WHERE id IN (" + picture + ", 20000)");
            elsewhere.executeUpdate(
                "INSERT INTO picture (id, caption, png) VALUES (30000, 'new', UNHEX('02'))");
          }
        }
        case 9 -> {
          statement.execute("SET SESSION foreign_key_checks = 0");
          statement.execute("TRUNCATE TABLE " + (random.nextBoolean() ? "region" : "price_tag"));
          statement.execute("SET SESSION foreign_key_checks = 1");
        }
        case 10 -> {
          // Created again: a new table id, the same name.
          statement.execute("DROP TABLE price_tag");
          statement.execute(
              "CREATE TABLE price_tag (code VARCHAR(10) PRIMARY KEY, cents INT NOT NULL)");
          statement.executeUpdate("INSERT INTO price_tag VALUES ('T1', 1)");
        }
        case 11 -> {
          statement.executeUpdate("UPDATE price_tag SET cents = cents + 1");
          statement.executeUpdate("DELETE FROM shelf WHERE store_id = " + id);
        }
        default -> {
          statement.executeUpdate(
              "INSERT INTO picture (id, shelf_id, caption, png) VALUES (40000, NULL, 'a',"
                  + " UNHEX('03'))");
          statement.executeUpdate("DELETE FROM picture WHERE id = " + picture);
        }
      }
    }
  }
}
