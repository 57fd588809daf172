package dev.dbit.sample.docs;

// README.md's quick start is cut from here by the markers, imports included, so that it compiles
// and runs; .ci/quick-start-check runs it again in an empty project on README's migration alone.
// snippet quick-start {
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbit.DbIntegrationTest;
import dev.dbit.ExpectStatements;
import dev.dbit.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class QuickStartTest {

  @Test
  void savesACustomer(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate(
          "INSERT INTO customer (email, full_name, country_code, language_code)"
              + " VALUES ('ada@example.com', 'Ada', 'DE', 'de')");

      assertEquals(1, count(statement, "customer"));
    }
  }

  @Test
  void startsFromTheMigratedStateAgain(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      assertEquals(0, count(statement, "customer")); // the other test's row is gone
      assertTrue(count(statement, "country") > 0); // reference data stays
    }
  }

  @Test
  @ExpectStatements(value = 3, atMost = true)
  void pinsItsDatabaseBehaviour(DataSource dataSource, TestDatabase database) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      count(statement, "country");
    }
    assertEquals(1, database.metrics().statements());
  }

  private static long count(Statement statement, String table) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
// }
