package dev.dbit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Connections dbit hands to tests run one statement per call: multi-statement mode is off. */
class MultiStatementRefusedTest {
  @Test
  void neitherThePoolNorExtraConnectionsRunTwoStatementsAtOnce() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(TriesTwoStatements.class), 1);
  }

  @DbIntegrationTest
  static class TriesTwoStatements {
    @Test
    void isRefused(DataSource dataSource, TestDatabase database) throws SQLException {
      try (Connection pooled = dataSource.getConnection();
          Connection extra = database.openConnection()) {
        for (Connection connection : new Connection[] {pooled, extra}) {
          try (Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.execute("SELECT 1; DELETE FROM brand"))
                .isInstanceOf(SQLSyntaxErrorException.class);
          }
        }
      }
    }
  }
}
