package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy built by a user who has been dropped since (its triggers and views name that user as
 * definer) is built again by the next run instead of failing every test that writes to it.
 */
class DroppedDefinerTest {
  private static final String USER = "dbit_definer_test";
  private static final String ROOT_URL = "jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED";

  @TempDir Path dir;

  @Test
  void aCopyWhoseDefinerWasDroppedIsRebuilt() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    Map<String, String> config = new HashMap<>(ExternalServerTest.CONFIG);
    config.put(
        "dbit.migrations",
        Migrations.write(
            dir,
            Map.of(
                "V1__notes.sql",
                """
                CREATE TABLE note (
                  id INT AUTO_INCREMENT PRIMARY KEY,
                  body VARCHAR(40) NOT NULL,
                  length INT NOT NULL DEFAULT 0);
                CREATE TRIGGER note_bi BEFORE INSERT ON note FOR EACH ROW
                  SET NEW.length = CHAR_LENGTH(NEW.body);
                CREATE VIEW long_note AS SELECT id, body FROM note WHERE length > 3;
                """
                    // A fingerprint no other test shares, so no other test reuses this copy.
                    + "-- DroppedDefinerTest\n")));
    String password = "Pw-" + UUID.randomUUID();
    Map<String, String> asUser = new HashMap<>(config);
    asUser.put("dbit.user", USER);
    asUser.put("dbit.password.file", DbitTestKit.passwordFile(password));
    try {
      root(
          "CREATE USER IF NOT EXISTS '" + USER + "'@'%' IDENTIFIED BY '" + password + "'",
          "CREATE USER IF NOT EXISTS '" + USER + "'@'localhost' IDENTIFIED BY '" + password + "'",
          "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'%'",
          "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'localhost'");
      DbitTestKit.assertAllSucceeded(DbitTestKit.run(NoteTestCase.class, asUser), 1);
    } finally {
      root(
          "DROP USER IF EXISTS '" + USER + "'@'%'",
          "DROP USER IF EXISTS '" + USER + "'@'localhost'");
    }

    DbitTestKit.assertAllSucceeded(DbitTestKit.run(NoteTestCase.class, config), 1);
  }

  private static void root(String... statements) throws SQLException {
    try (Connection connection = DriverManager.getConnection(ROOT_URL, "root", "");
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  @DbIntegrationTest
  static class NoteTestCase {
    @Test
    void writesThroughTheTriggerAndReadsThroughTheView(DataSource db) throws SQLException {
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        statement.executeUpdate("INSERT INTO note (body) VALUES ('hello')");
        try (ResultSet rows = statement.executeQuery("SELECT body FROM long_note")) {
          assertThat(rows.next()).isTrue();
          assertThat(rows.getString(1)).isEqualTo("hello");
        }
      }
    }
  }
}
