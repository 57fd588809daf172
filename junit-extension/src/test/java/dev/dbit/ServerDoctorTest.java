package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** The doctor reports the real settings of a server dbit did not tune: the machine's MariaDB. */
class ServerDoctorTest {

  @Test
  void reportsTheExternalServersRealDurabilitySettingsWithTheFix() throws SQLException {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    Map<String, String> actual = serverVariables();

    EngineExecutionResults results =
        DbitTestKit.run(ReportEntriesTest.ThreeStatementsTestCase.class, ExternalServerTest.CONFIG);

    Map<String, String> entries = DbitTestKit.classEntries(results);
    assertThat(entries.get(ReportKeys.SERVER_VERSION)).isEqualTo(actual.get("version"));
    assertThat(entries.get(ReportKeys.SERVER_SETTINGS))
        .contains("innodb_flush_log_at_trx_commit=" + actual.get("innodb_flush_log_at_trx_commit"))
        .contains("performance_schema=" + actual.get("performance_schema"));
    if ("1".equals(actual.get("innodb_flush_log_at_trx_commit"))) {
      assertThat(entries.get(ReportKeys.SERVER_WARNINGS))
          .containsPattern(
              "innodb_flush_log_at_trx_commit=1 flushes the redo log to disk at every commit; a"
                  + " one-row commit takes [0-9.]+ ms here \\(median, N=20\\)\\. For a test server: SET GLOBAL"
                  + " innodb_flush_log_at_trx_commit=2");
    }
    if ("OFF".equals(actual.get("performance_schema"))) {
      assertThat(entries.get(ReportKeys.SERVER_WARNINGS))
          .contains("performance_schema is off: dbit cannot measure server SQL time per test");
    }
  }

  private static Map<String, String> serverVariables() throws SQLException {
    try (Connection connection =
            DriverManager.getConnection(
                "jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED", "root", "");
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT VERSION(), @@innodb_flush_log_at_trx_commit, IF(@@performance_schema, 'ON', 'OFF')")) {
      rows.next();
      return Map.of(
          "version", rows.getString(1),
          "innodb_flush_log_at_trx_commit", rows.getString(2),
          "performance_schema", rows.getString(3));
    }
  }
}
