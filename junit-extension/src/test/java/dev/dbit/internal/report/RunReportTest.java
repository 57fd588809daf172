package dev.dbit.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunReportTest {
  private static TestRecord test(
      String name, String wall, String sql, String statements, String reset, String verdict) {
    TestRecord record = new TestRecord("com.shop.OrderTest", name);
    record.status = "SUCCESSFUL";
    record.entries.putAll(
        Map.of(
            "dbit.wall-ms",
            wall,
            "dbit.server-sql-ms",
            sql,
            "dbit.statements",
            statements,
            "dbit.reset-ms",
            reset,
            "dbit.verdict",
            verdict,
            "dbit.jdbc-ms",
            wall));
    return record;
  }

  private static final RunReport REPORT =
      new RunReport(
          "1",
          Map.of(
              "dbit.server",
              "embedded MariaDB",
              "dbit.server.version",
              "11.4.5-MariaDB",
              "dbit.server.settings",
              "sync_binlog=0"),
          Map.of(),
          List.of(
              test(
                  "fast()",
                  "2.000",
                  "1.000",
                  "3",
                  "4.000",
                  "small: 3 statements, fewer than 20: judged with its class and the run"),
              test(
                  "stalled()",
                  "1000.000",
                  "1.000",
                  "40",
                  "5.000",
                  "transport stall: 25.00 ms of JDBC wait per statement"),
              new TestRecord("com.shop.OrderTest", "notDbit()")),
          2);

  @Test
  void summaryCountsTheTestsJUnitRanAndSaysWhyNotAllWereMeasured() {
    RunReport withDynamicTests =
        new RunReport("1", Map.of("dbit.server", "embedded MariaDB"), Map.of(), List.of(), 3);

    assertThat(withDynamicTests.summary("r.html", "d.json"))
        .startsWith(
            String.join(
                System.lineSeparator(),
                "dbit run summary (fork 1): 3 tests on embedded MariaDB",
                "  measured: 0 of them; the others were skipped, had their reset fail, or are"
                    + " dynamic tests sharing their factory's measurement (@ResetEachDynamicTest"
                    + " gives each its own)"));
  }

  @Test
  void summaryListsSlowestTestsStallsAndResetSpread() {
    assertThat(REPORT.summary("target/dbit/report.html", "target/dbit/dbit-1.json"))
        .isEqualTo(
            String.join(
                System.lineSeparator(),
                "dbit run summary (fork 1): 2 tests on embedded MariaDB",
                "  server 11.4.5-MariaDB: sync_binlog=0",
                "  reset before each test: median 4.00 ms (p10 4.00, p90 5.00, N=2)",
                "  test method wall time: median 2.00 ms (p10 2.00, p90 1000.00, N=2)",
                "  slowest tests (wall, server SQL share, statements):",
                "       1000.0 ms  SQL   0.1%     40 stmts  OrderTest.stalled()",
                "          2.0 ms  SQL  50.0%      3 stmts  OrderTest.fast()",
                "  transport stalls: 1 (1 of 2 tests judged alone, 0 of 0 classes on their small"
                    + " tests, none across the run)",
                "    OrderTest.stalled(): transport stall: 25.00 ms of JDBC wait per statement",
                "  report: target/dbit/report.html, data: target/dbit/dbit-1.json"));
  }

  @Test
  void aStallOfSmallTestsTogetherLeadsTheSummaryAndIsListedByClass() {
    RunReport report =
        new RunReport(
            "1",
            Map.of(
                "dbit.server",
                "embedded MariaDB",
                "dbit.verdict.run",
                "transport stall: 90 statements waited 3571.0 ms\nWhat to change: fix it"),
            Map.of(
                "CheckoutTest",
                "transport stall: 30 small tests together, 39.68 ms of JDBC wait per statement",
                "CatalogTest",
                "ok: 12 small tests together, JDBC wait beyond server time is 2.0 % of wall time"),
            List.of(),
            1);

    String summary = report.summary("r.html", "d.json");

    assertThat(summary)
        .startsWith(
            String.join(
                System.lineSeparator(),
                "dbit run summary (fork 1): 1 tests on embedded MariaDB",
                "  TRANSPORT STALL across this run's small tests:",
                "    transport stall: 90 statements waited 3571.0 ms",
                "    What to change: fix it",
                ""))
        .contains(
            "  transport stalls: 2 (0 of 0 tests judged alone, 1 of 2 classes on their small"
                + " tests, and the run's small tests together)")
        .contains(
            "    small tests of CheckoutTest: transport stall: 30 small tests together, 39.68 ms"
                + " of JDBC wait per statement")
        .doesNotContain("CatalogTest");
    assertThat(report.json())
        .contains("\"classes\": {")
        .contains("\"CheckoutTest\": \"transport stall: 30 small tests together")
        .contains("\"dbit.verdict.run\": \"transport stall: 90 statements waited 3571.0 ms\\n");
  }

  @Test
  void jsonCarriesEveryMeasuredTest() {
    String json = REPORT.json();

    assertThat(json)
        .contains("\"fork\": \"1\"")
        .contains("\"reset\": {\"n\": 2, \"p10\": 4.000, \"p50\": 4.000, \"p90\": 5.000}")
        .contains(
            "{\"class\": \"com.shop.OrderTest\", \"name\": \"stalled()\", \"status\": \"SUCCESSFUL\", \"wallMs\": 1000.000")
        .contains("\"stall\": true")
        .doesNotContain("notDbit");
  }

  @Test
  void thePageEmbedsTheDataAndLoadsNothing() {
    String page = HtmlReport.render(List.of(REPORT.json()));

    assertThat(page)
        .contains("const forks = [{")
        .doesNotContain("<script src")
        .doesNotContain("<link");
  }
}
