package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Server SQL time counts what the server spent on the test's statements however the driver sends
 * them: as text, or as server-side prepared statements (which MySQL's performance_schema files
 * under a command, not under the statement's kind).
 */
class ServerSqlTimeTest {
  /** What the test case's one statement makes the server spend, at least. */
  private static final double SLEEP_MS = 300;

  @Test
  void countsServerSidePreparedStatementsOnMySql() {
    assertServerTimeCoversTheSleep(withServerPrepared(EmbeddedMySqlTest.MYSQL));
  }

  @Test
  void countsTextStatementsOnMySql() {
    assertServerTimeCoversTheSleep(EmbeddedMySqlTest.MYSQL);
  }

  @Test
  void countsServerSidePreparedStatementsOnMariaDb() {
    assertServerTimeCoversTheSleep(withServerPrepared(Map.of()));
  }

  private static Map<String, String> withServerPrepared(Map<String, String> configuration) {
    Map<String, String> withParams = new HashMap<>(configuration);
    withParams.put(DbIntegrationTest.JDBC_PARAMS, "useServerPrepStmts=true");
    return withParams;
  }

  private static void assertServerTimeCoversTheSleep(Map<String, String> configuration) {
    EngineExecutionResults results =
        DbitTestKit.run(SleepingStatementTestCase.class, configuration);

    DbitTestKit.assertAllSucceeded(results, 1);
    List<Map<String, String>> entries =
        results.testEvents().reportingEntryPublished().stream()
            .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
            .filter(pairs -> pairs.containsKey(ReportKeys.SERVER_SQL_MS))
            .collect(Collectors.toList());
    assertThat(entries).hasSize(1);
    // The server sleeps at least this long inside the statement, however busy the machine.
    assertThat(Double.parseDouble(entries.get(0).get(ReportKeys.SERVER_SQL_MS)))
        .isGreaterThanOrEqualTo(SLEEP_MS);
  }

  @DbIntegrationTest
  static class SleepingStatementTestCase {
    @Test
    void sleepsOnTheServer(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          PreparedStatement statement = connection.prepareStatement("SELECT SLEEP(?)")) {
        statement.setDouble(1, SLEEP_MS / 1000);
        try (ResultSet rows = statement.executeQuery()) {
          rows.next();
        }
      }
    }
  }
}
