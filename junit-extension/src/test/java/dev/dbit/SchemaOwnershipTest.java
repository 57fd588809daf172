package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.EmbeddedMariaDb;
import dev.dbit.internal.template.MigrationFingerprint;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** dbit never changes a schema it did not create, even when its own naming points at one. */
class SchemaOwnershipTest {
  private static EmbeddedMariaDb server;
  private static String url;

  @BeforeAll
  static void startServer() {
    server = EmbeddedMariaDb.start(Path.of(System.getProperty("user.home"), ".cache", "dbit"));
    url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED";
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  /**
   * A schema with a copy's name and no marker: a user's, or one whose creation an interrupted run
   * cut off before the marker (a lost request once left one, and every later run failed on it).
   * dbit leaves it byte-identical, says so and how to drop it, and takes the next name.
   */
  @Test
  void leavesAUserSchemaThatHasDbitsNameAndTakesTheNextName(@TempDir Path dir)
      throws IOException, SQLException {
    String location = Migrations.write(dir, Map.of("V1__orders.sql", Migrations.ORDERS));
    String fingerprint = MigrationFingerprint.of(List.of(location), getClass().getClassLoader());
    String clash = "dbit_test_" + fingerprint.substring(0, 8) + "_1";
    execute(
        "CREATE DATABASE " + clash,
        "CREATE TABLE " + clash + ".invoices (id INT PRIMARY KEY, total INT)",
        "INSERT INTO " + clash + ".invoices VALUES (1, 100), (2, 250)");
    Map<String, Long> before = checksums(clash);

    try (LogLines lines = new LogLines()) {
      DbitTestKit.assertAllSucceeded(
          DbitTestKit.run(
              OnTheNextNameTestCase.class, Map.of("dbit.url", url, "dbit.migrations", location)),
          1);
      assertThat(lines.messages())
          .anyMatch(
              line ->
                  line.contains("the schema " + clash + " exists without dbit's marker")
                      && line.contains("DROP DATABASE `" + clash + "`"));
    }
    assertThat(checksums(clash)).isEqualTo(before).hasSize(1);
    execute("DROP DATABASE " + clash);
  }

  @Test
  void leavesOtherSchemasOnTheServerByteIdentical() throws SQLException {
    execute(
        "DROP DATABASE IF EXISTS shop_live",
        "CREATE DATABASE shop_live",
        "CREATE TABLE shop_live.customer (id INT PRIMARY KEY, email VARCHAR(80))",
        "CREATE TABLE shop_live.brand (id INT PRIMARY KEY, name VARCHAR(80))",
        "CREATE TABLE shop_live.orders (id INT PRIMARY KEY, customer_id INT,"
            + " FOREIGN KEY (customer_id) REFERENCES shop_live.customer (id) ON DELETE CASCADE)",
        "INSERT INTO shop_live.customer VALUES (1, 'a@example.com'), (2, 'b@example.com')",
        "INSERT INTO shop_live.brand VALUES (1, 'Acme')",
        "INSERT INTO shop_live.orders VALUES (10, 1), (11, 2)");
    Map<String, Long> before = checksums("shop_live");

    EngineExecutionResults results =
        DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, Map.of("dbit.url", url));

    DbitTestKit.assertAllSucceeded(results, ResetCorrectnessTest.cases() + 1);
    assertThat(checksums("shop_live")).isEqualTo(before).hasSize(3);
  }

  @Test
  void dropsCopiesThatCrashedRunsWithOtherMigrationsLeftButNothingElse() throws SQLException {
    String abandoned = "dbit_test_0ldf1ngr_1";
    String inUse = "dbit_test_0ldf1ngr_2";
    String unmarked = "dbit_test_cafecafe_1";
    for (String schema : List.of(abandoned, inUse)) {
      execute(
          "DROP DATABASE IF EXISTS " + schema,
          "CREATE DATABASE " + schema,
          "CREATE TABLE "
              + schema
              + ".dbit_schema_marker (kind VARCHAR(16) NOT NULL, fingerprint VARCHAR(64) NOT"
              + " NULL, ready BOOLEAN NOT NULL, created_at TIMESTAMP NOT NULL DEFAULT"
              + " CURRENT_TIMESTAMP)",
          "INSERT INTO "
              + schema
              + ".dbit_schema_marker (kind, fingerprint, ready) VALUES"
              + " ('COPY', '0ldf1ngr0ldf1ngr', TRUE)",
          "CREATE TABLE " + schema + ".brand (id INT PRIMARY KEY)",
          "INSERT INTO " + schema + ".brand VALUES (1)");
    }
    execute(
        "DROP DATABASE IF EXISTS " + unmarked,
        "CREATE DATABASE " + unmarked,
        "CREATE TABLE " + unmarked + ".invoices (id INT PRIMARY KEY, total INT)",
        "INSERT INTO " + unmarked + ".invoices VALUES (1, 100)");
    Map<String, Long> before = checksums(unmarked);

    EngineExecutionResults results;
    // A run still working on its copy holds the lock named after it.
    try (Connection otherRun = DriverManager.getConnection(url, "root", "");
        Statement statement = otherRun.createStatement()) {
      statement.executeQuery("SELECT GET_LOCK('" + inUse + "', 0)").close();
      results =
          DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, Map.of("dbit.url", url));
    }

    DbitTestKit.assertAllSucceeded(results, ResetCorrectnessTest.cases() + 1);
    assertThat(schemas()).doesNotContain(abandoned).contains(inUse, unmarked);
    assertThat(checksums(unmarked)).isEqualTo(before);
    execute("DROP DATABASE " + inUse, "DROP DATABASE " + unmarked);
  }

  private static List<String> schemas() throws SQLException {
    List<String> names = new java.util.ArrayList<>();
    try (Connection connection = DriverManager.getConnection(url, "root", "");
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }

  private static void execute(String... statements) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "root", "");
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  private static Map<String, Long> checksums(String schema) throws SQLException {
    Map<String, Long> result = new TreeMap<>();
    try (Connection connection = DriverManager.getConnection(url, "root", "");
        Statement statement = connection.createStatement()) {
      List<String> tables = new java.util.ArrayList<>();
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '"
                  + schema
                  + "'")) {
        while (rows.next()) {
          tables.add(schema + "." + rows.getString(1));
        }
      }
      try (ResultSet rows = statement.executeQuery("CHECKSUM TABLE " + String.join(", ", tables))) {
        while (rows.next()) {
          result.put(rows.getString(1), rows.getLong(2));
        }
      }
    }
    return result;
  }

  @DbIntegrationTest
  static class OnTheNextNameTestCase {
    @Test
    void runsOnTheSecondName(TestDatabase database) {
      assertThat(database.schemaName()).endsWith("_2");
    }
  }
}
