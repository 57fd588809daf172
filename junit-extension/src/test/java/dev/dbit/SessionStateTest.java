package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** What one test leaves on a pooled connection never reaches the next test. */
class SessionStateTest {

  @Test
  void sessionVariablesTemporaryTablesAndUserVariablesDoNotLeak() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(SessionStateTestCase.class), 2);
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class SessionStateTestCase {
    private static String value(Statement statement, String sql) throws SQLException {
      try (ResultSet rows = statement.executeQuery(sql)) {
        rows.next();
        return rows.getString(1);
      }
    }

    @Test
    @Order(1)
    void changesItsSession(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("SET SESSION sql_mode = 'NO_ENGINE_SUBSTITUTION'");
        statement.execute("SET @left_behind = 42");
        statement.execute("CREATE TEMPORARY TABLE scratch (id INT)");
        assertThat(value(statement, "SELECT @left_behind")).isEqualTo("42");
      }
    }

    @Test
    @Order(2)
    void seesAFreshSession(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(value(statement, "SELECT @left_behind")).isNull();
        assertThat(value(statement, "SELECT @@SESSION.sql_mode"))
            .isEqualTo(value(statement, "SELECT @@GLOBAL.sql_mode"));
        assertThat(
                value(
                    statement,
                    "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_NAME = 'scratch'"))
            .isEqualTo("0");
        statement.execute("CREATE TEMPORARY TABLE scratch (id INT)");
      }
    }
  }
}
