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
    // A server on this machine: no TLS unless asked for.
    assertThat(entries.get(ReportKeys.SERVER_TLS)).isEqualTo("off");
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

  // A slow path named with the loopback echo beside it: TransportStallTest's splitting relay.

  @Test
  void aBusyMachineIsNotMistakenForASlowPath() throws InterruptedException {
    // Busy loops on every core beside the run, as on a shared CI runner.
    java.util.concurrent.atomic.AtomicBoolean busy =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    java.util.List<Thread> hogs = new java.util.ArrayList<>();
    for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
      Thread hog =
          new Thread(
              () -> {
                long spin = 0;
                while (busy.get()) {
                  spin++;
                }
                if (spin == 42) {
                  System.out.print("");
                }
              },
              "busy-" + i);
      hog.setDaemon(true);
      hog.start();
      hogs.add(hog);
    }
    EngineExecutionResults results;
    try {
      results = DbitTestKit.run(ReportEntriesTest.ThreeStatementsTestCase.class);
    } finally {
      busy.set(false);
      for (Thread hog : hogs) {
        hog.join();
      }
    }

    DbitTestKit.assertAllSucceeded(results, 1);
    assertThat(DbitTestKit.classEntries(results).get(ReportKeys.SERVER_WARNINGS))
        .doesNotContain("path to the server is slow");
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
