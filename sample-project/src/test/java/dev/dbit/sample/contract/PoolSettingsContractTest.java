package dev.dbit.sample.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.mysql.cj.conf.PropertyKey;
import com.mysql.cj.jdbc.JdbcConnection;
import dev.dbit.DbIntegrationTest;
import dev.dbit.TestDatabase;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The Maven profile a developer picked really reaches the pool: the driver settings the pool's
 * connections run with, and the server they talk to.
 */
@DbIntegrationTest
class PoolSettingsContractTest {

  @Test
  void poolConnectionsUseTheProfilesPreparedStatementMode(DataSource dataSource)
      throws SQLException {
    boolean expected =
        Boolean.parseBoolean(System.getProperty("sample.expected.serverPrepStmts", "false"));
    try (Connection connection = dataSource.getConnection()) {
      JdbcConnection driver = connection.unwrap(JdbcConnection.class);
      assertThat(
              driver.getPropertySet().getBooleanProperty(PropertyKey.useServerPrepStmts).getValue())
          .as("useServerPrepStmts on the pool's connections")
          .isEqualTo(expected);
      assertThat(
              driver.getPropertySet().getBooleanProperty(PropertyKey.allowMultiQueries).getValue())
          .as("multi-statement mode is never on for tests")
          .isFalse();
    }
  }

  @Test
  void theProfilesServerAnswers(TestDatabase database) {
    String expected = System.getProperty("sample.expected.provider", "any");
    int port = URI.create(database.jdbcUrl().substring("jdbc:".length())).getPort();
    switch (expected) {
      case "external" -> assertThat(port).as("port of dbit.url").isEqualTo(externalPort());
      case "embedded" ->
          assertThat(port).as("a free port of the embedded server").isNotEqualTo(3306);
      default -> assertThat(port).isPositive();
    }
  }

  @Test
  void theProfilesServerKindAnswers(DataSource dataSource) throws SQLException {
    String expected = System.getProperty("sample.expected.server", "any");
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT VERSION()")) {
      rows.next();
      String version = rows.getString(1);
      switch (expected) {
        case "MySQL" -> assertThat(version).as("server version").doesNotContain("MariaDB");
        case "MariaDB" -> assertThat(version).as("server version").contains("MariaDB");
        default -> assertThat(version).isNotEmpty();
      }
    }
  }

  private static int externalPort() {
    String url = System.getProperty("dbit.url", "jdbc:mysql://127.0.0.1:3306/");
    int port = URI.create(url.substring("jdbc:".length())).getPort();
    return port < 0 ? 3306 : port;
  }
}
