package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** The report entries are an interface: tools read them by these exact keys. */
class ReportEntriesTest {

  @Test
  void keysAreStable() {
    assertThat(
            List.of(
                ReportKeys.SERVER,
                ReportKeys.TEMPLATE,
                ReportKeys.TEMPLATE_REUSED,
                ReportKeys.TEST_SCHEMA,
                ReportKeys.SERVER_VERSION,
                ReportKeys.SERVER_SETTINGS,
                ReportKeys.SERVER_WARNINGS,
                ReportKeys.RESET_MS,
                ReportKeys.WALL_MS,
                ReportKeys.CPU_MS,
                ReportKeys.STATEMENTS,
                ReportKeys.JDBC_MS,
                ReportKeys.SERVER_SQL_MS,
                ReportKeys.QUESTIONS,
                ReportKeys.VERDICT,
                ReportKeys.STATEMENT_KINDS,
                ReportKeys.SHAPES,
                ReportKeys.N_PLUS_ONE))
        .containsExactly(
            "dbit.server",
            "dbit.template",
            "dbit.template.reused",
            "dbit.test-schema",
            "dbit.server.version",
            "dbit.server.settings",
            "dbit.server.warnings",
            "dbit.reset-ms",
            "dbit.wall-ms",
            "dbit.cpu-ms",
            "dbit.statements",
            "dbit.jdbc-ms",
            "dbit.server-sql-ms",
            "dbit.questions",
            "dbit.verdict",
            "dbit.statements.kinds",
            "dbit.shapes",
            "dbit.n-plus-one");
  }

  @Test
  void everyTestPublishesItsResetAndItsMetrics() {
    EngineExecutionResults results = DbitTestKit.run(ThreeStatementsTestCase.class);

    DbitTestKit.assertAllSucceeded(results, 1);
    List<Map<String, String>> entries =
        results.testEvents().reportingEntryPublished().stream()
            .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
            .collect(Collectors.toList());
    assertThat(entries).hasSize(2);
    assertThat(entries.get(0)).containsOnlyKeys(ReportKeys.RESET_MS);
    Map<String, String> metrics = new LinkedHashMap<>(entries.get(1));
    assertThat(metrics.keySet())
        .containsExactly(
            ReportKeys.WALL_MS,
            ReportKeys.CPU_MS,
            ReportKeys.STATEMENTS,
            ReportKeys.STATEMENT_KINDS,
            ReportKeys.JDBC_MS,
            ReportKeys.SERVER_SQL_MS,
            ReportKeys.QUESTIONS,
            ReportKeys.VERDICT,
            ReportKeys.SHAPES);
    assertThat(metrics.get(ReportKeys.STATEMENTS)).isEqualTo("3");
    assertThat(metrics.get(ReportKeys.STATEMENT_KINDS))
        .isEqualTo("select=0 insert=3 update=0 delete=0 other=0");
    assertThat(metrics.get(ReportKeys.SHAPES))
        .matches("3\\t3\\tinsert\\t[0-9.]+\\tinsert into brand \\(name\\) values \\(\\.\\.\\.\\)");
    assertThat(Long.parseLong(metrics.get(ReportKeys.QUESTIONS))).isGreaterThanOrEqualTo(3);
    assertThat(Double.parseDouble(metrics.get(ReportKeys.SERVER_SQL_MS))).isPositive();
    assertThat(metrics.get(ReportKeys.VERDICT))
        .isEqualTo("small: 3 statements, fewer than 20: judged with its class and the run");
  }

  @Test
  void classesPublishServerAndSettingsOnce() {
    EngineExecutionResults results = DbitTestKit.run(ThreeStatementsTestCase.class);

    Map<String, String> entries = DbitTestKit.classEntries(results);
    assertThat(entries.get(ReportKeys.SERVER_VERSION)).startsWith("11.4.5-MariaDB");
    assertThat(entries.get(ReportKeys.SERVER_SETTINGS))
        .isEqualTo(
            "innodb_flush_log_at_trx_commit=2, sync_binlog=0, log_bin=ON, innodb_doublewrite=OFF,"
                + " performance_schema=ON");
    assertThat(entries.get(ReportKeys.SERVER_WARNINGS))
        .as("the embedded server is tuned for tests")
        .isEqualTo("none");
  }

  /** The per-test console line is optional; the report entries stay whatever it is set to. */
  @Test
  void theConsoleLineCanBeTurnedOffWithoutLosingAnEntry() {
    String printed = stdoutOf(() -> DbitTestKit.run(ThreeStatementsTestCase.class));
    String quiet =
        stdoutOf(
            () -> {
              EngineExecutionResults results =
                  DbitTestKit.run(
                      ThreeStatementsTestCase.class,
                      Map.of(DbIntegrationTest.REPORT_TEST_LINES, "false"));
              assertThat(
                      results.testEvents().reportingEntryPublished().stream()
                          .flatMap(e -> e.getPayload(ReportEntry.class).stream())
                          .filter(e -> e.getKeyValuePairs().containsKey(ReportKeys.STATEMENTS)))
                  .hasSize(1);
            });

    assertThat(printed).contains("[dbit] dbit.wall-ms=");
    assertThat(quiet).doesNotContain("[dbit] ");
  }

  private static String stdoutOf(Runnable run) {
    java.io.PrintStream original = System.out;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setOut(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      run.run();
    } finally {
      System.setOut(original);
    }
    return captured.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  @DbIntegrationTest
  static class ThreeStatementsTestCase {
    @Test
    void insertsThreeBrands(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        for (int i = 0; i < 3; i++) {
          statement.executeUpdate("INSERT INTO brand (name) VALUES ('brand-" + i + "')");
        }
      }
    }
  }
}
