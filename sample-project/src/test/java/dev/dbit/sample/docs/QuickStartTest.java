package dev.dbit.sample.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import dev.dbit.ExpectStatements;
import dev.dbit.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

// README.md's quick start is cut from here by the markers, so that it compiles and runs.
// snippet quick-start {
@DbIntegrationTest
class QuickStartTest {

  @Test
  void savesACustomer(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate(
          "INSERT INTO customer (email, full_name, country_code, language_code)"
              + " VALUES ('ada@example.com', 'Ada', 'DE', 'de')");

      assertThat(count(statement, "customer")).isEqualTo(1);
    }
  }

  @Test
  void startsFromTheMigratedStateAgain(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      assertThat(count(statement, "customer")).isZero(); // the other test's row is gone
      assertThat(count(statement, "country")).isPositive(); // reference data stays
    }
  }

  @Test
  @ExpectStatements(value = 3, atMost = true)
  void pinsItsDatabaseBehaviour(DataSource dataSource, TestDatabase database) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      count(statement, "country");
    }
    assertThat(database.metrics().statements()).isEqualTo(1);
  }

  private static long count(Statement statement, String table) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
// }
