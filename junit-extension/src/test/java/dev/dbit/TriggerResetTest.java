package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded tables with triggers of every kind (BEFORE and AFTER, INSERT, UPDATE and DELETE; the
 * BEFORE ones derive a NOT NULL column) and generated columns (stored and virtual) are restored on
 * every server dbit runs on here, run after run: every test starts with exactly the seed, whatever
 * the one before changed. MariaDB 11.4.5 refuses to copy such a table naming its columns.
 */
class TriggerResetTest {
  @TempDir Path dir;

  static final String SCHEMA =
      """
      CREATE TABLE tag (
        id INT PRIMARY KEY,
        name VARCHAR(40) NOT NULL,
        slug VARCHAR(40) NOT NULL,
        touched INT NOT NULL DEFAULT 0,
        label VARCHAR(81) AS (CONCAT(name, '/', slug)) STORED,
        name_length INT AS (CHAR_LENGTH(name)) VIRTUAL);
      CREATE TABLE tag_log (id BIGINT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(20) NOT NULL);
      CREATE TRIGGER tag_bi BEFORE INSERT ON tag FOR EACH ROW SET NEW.slug = LOWER(NEW.name);
      CREATE TRIGGER tag_bu BEFORE UPDATE ON tag FOR EACH ROW
        SET NEW.slug = LOWER(NEW.name), NEW.touched = OLD.touched + 1;
      CREATE TRIGGER tag_bd BEFORE DELETE ON tag FOR EACH ROW
        INSERT INTO tag_log (what) VALUES ('before delete');
      CREATE TRIGGER tag_ai AFTER INSERT ON tag FOR EACH ROW
        INSERT INTO tag_log (what) VALUES ('inserted');
      CREATE TRIGGER tag_au AFTER UPDATE ON tag FOR EACH ROW
        INSERT INTO tag_log (what) VALUES ('updated');
      CREATE TRIGGER tag_ad AFTER DELETE ON tag FOR EACH ROW
        INSERT INTO tag_log (what) VALUES ('deleted');
      INSERT INTO tag (id, name, slug) VALUES (1, 'Red', ''), (2, 'Blue', ''), (3, 'Green', '');
      DELETE FROM tag_log;
      """;

  /** What each fixture test saw at its start: "tag rows | tag_log rows". */
  static final List<String> SEEN = new ArrayList<>();

  @Test
  void embeddedMariaDb() throws Exception {
    proveOn(Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  @Test
  void embeddedMySql() throws Exception {
    proveOn(EmbeddedMySqlTest.MYSQL);
  }

  @Test
  void externalServer() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    proveOn(ExternalServerTest.CONFIG);
  }

  private void proveOn(Map<String, String> server) throws Exception {
    Map<String, String> config = new HashMap<>(server);
    config.put("dbit.migrations", Migrations.write(dir, Map.of("V1__tags.sql", SCHEMA)));
    // Twice: the second run reuses the template and the copy the first one left.
    for (int run = 1; run <= 2; run++) {
      SEEN.clear();
      DbitTestKit.assertAllSucceeded(DbitTestKit.run(TaggingTestCase.class, config), 5);
      assertThat(SEEN)
          .as("run %d: every test started from the seed", run)
          .containsOnly(
              "1:Red:red:0:Red/red:3,2:Blue:blue:0:Blue/blue:4,3:Green:green:0:Green/green:5 | 0");
    }
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class TaggingTestCase {
    @Test
    @Order(1)
    void renamesASeededRow(DataSource db) throws SQLException {
      record(db);
      update(db, "UPDATE tag SET name = 'Crimson' WHERE id = 1");
    }

    @Test
    @Order(2)
    void deletesASeededRow(DataSource db) throws SQLException {
      record(db);
      update(db, "DELETE FROM tag WHERE id = 2");
    }

    @Test
    @Order(3)
    void insertsARow(DataSource db) throws SQLException {
      record(db);
      update(db, "INSERT INTO tag (id, name, slug) VALUES (4, 'Amber', '')");
    }

    @Test
    @Order(4)
    void doesAllThreeAndRollsSomeBack(DataSource db) throws SQLException {
      record(db);
      update(db, "UPDATE tag SET name = 'Navy' WHERE id = 2");
      try (Connection connection = db.getConnection()) {
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
          statement.executeUpdate("DELETE FROM tag WHERE id = 3");
          statement.executeUpdate("INSERT INTO tag (id, name, slug) VALUES (5, 'Teal', '')");
        }
        connection.rollback();
      }
    }

    @Test
    @Order(5)
    void onlyLooks(DataSource db) throws SQLException {
      record(db);
    }

    private static void record(DataSource db) throws SQLException {
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        List<String> tags = new ArrayList<>();
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT id, name, slug, touched, label, name_length FROM tag ORDER BY id")) {
          while (rows.next()) {
            tags.add(
                rows.getInt(1)
                    + ":"
                    + rows.getString(2)
                    + ":"
                    + rows.getString(3)
                    + ":"
                    + rows.getInt(4)
                    + ":"
                    + rows.getString(5)
                    + ":"
                    + rows.getInt(6));
          }
        }
        try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM tag_log")) {
          rows.next();
          SEEN.add(String.join(",", tags) + " | " + rows.getLong(1));
        }
      }
    }

    private static void update(DataSource db, String sql) throws SQLException {
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(statement.executeUpdate(sql)).isEqualTo(1);
      }
    }
  }
}
