package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table and column names that break naive SQL (a backtick, a quote, a space, a reserved word,
 * non-ASCII letters) go through migration, copy, change detection, reset and AUTO_INCREMENT reset.
 */
class IdentifierEscapingTest {
  static final String SCHEMA =
      """
      CREATE TABLE `order` (`key` VARCHAR(10) PRIMARY KEY, `it's` VARCHAR(20) NOT NULL);
      INSERT INTO `order` VALUES ('a', 'first'), ('b', 'second');
      CREATE TABLE `weird``name` (
        id BIGINT AUTO_INCREMENT PRIMARY KEY,
        `order key` VARCHAR(10) NOT NULL,
        `größe` INT,
        CONSTRAINT `fk ``odd``` FOREIGN KEY (`order key`) REFERENCES `order` (`key`)
          ON DELETE CASCADE);
      CREATE TABLE `line``s` (
        `n°` INT PRIMARY KEY,
        `order key` VARCHAR(10) NOT NULL,
        CONSTRAINT `fk ``line``s``` FOREIGN KEY (`order key`) REFERENCES `order` (`key`)
          ON DELETE CASCADE ON UPDATE CASCADE);
      INSERT INTO `line``s` VALUES (1, 'a'), (2, 'b'), (3, 'b');
      """;

  @Test
  void oddNamesAreQuotedEverywhere(@TempDir Path dir) throws IOException {
    runOn(dir, Map.of());
  }

  /** There the cascade's released values are kept by dbit's triggers in tables named after keys. */
  @Test
  void oddNamesAreQuotedEverywhereOnTheExternalServer(@TempDir Path dir) throws IOException {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    runOn(dir, ExternalServerTest.CONFIG);
  }

  private static void runOn(Path dir, Map<String, String> server) throws IOException {
    Map<String, String> config = new HashMap<>(server);
    config.put(
        DbIntegrationTest.MIGRATIONS, Migrations.write(dir, Map.of("V1__odd_names.sql", SCHEMA)));
    config.put(DbIntegrationTest.RESET_AUTO_INCREMENT, "true");
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(OddNames.class, config), 5);
  }

  @DbIntegrationTest
  static class OddNames {
    @RepeatedTest(5)
    void startsFromTheMigratedRowsAndChangesThem(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(count(statement, "`order`")).isEqualTo(2);
        assertThat(count(statement, "`weird``name`")).isZero();
        assertThat(count(statement, "`line``s`")).isEqualTo(3);
        statement.executeUpdate(
            "INSERT INTO `weird``name` (`order key`, `größe`) VALUES ('a', 1), ('b', 2)");
        try (ResultSet rows = statement.executeQuery("SELECT MIN(id) FROM `weird``name`")) {
          rows.next();
          assertThat(rows.getLong(1)).as("AUTO_INCREMENT reset").isEqualTo(1);
        }
        statement.executeUpdate("UPDATE `order` SET `it's` = 'changed' WHERE `key` = 'a'");
        statement.executeUpdate("DELETE FROM `order` WHERE `key` = 'b'");
      }
    }
  }

  static long count(Statement statement, String table) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
