package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
      """;

  @Test
  void oddNamesAreQuotedEverywhere(@TempDir Path dir) throws IOException {
    String location = Migrations.write(dir, Map.of("V1__odd_names.sql", SCHEMA));

    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(
            OddNames.class,
            Map.of(
                DbIntegrationTest.MIGRATIONS,
                location,
                DbIntegrationTest.RESET_AUTO_INCREMENT,
                "true")),
        5);
  }

  @DbIntegrationTest
  static class OddNames {
    @RepeatedTest(5)
    void startsFromTheMigratedRowsAndChangesThem(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(count(statement, "`order`")).isEqualTo(2);
        assertThat(count(statement, "`weird``name`")).isZero();
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
