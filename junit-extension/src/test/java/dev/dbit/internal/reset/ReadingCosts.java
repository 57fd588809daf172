package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.measure.StatementTimer;
import dev.dbit.internal.measure.TestConnections;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The benchmark's {@code reading-parts} scenario, where performance_schema is on: what each part of
 * the end reading costs through the driver the user runs, client-timed and interleaved, against a
 * {@code SELECT 1}; and, beside the statement totals of the test connections dbit reads, what the
 * server-wide totals it read before cost.
 */
public final class ReadingCosts {
  private static final String TOTALS =
      "SELECT SUM(SUM_TIMER_WAIT), SUM(COUNT_STAR) FROM performance_schema.";

  private ReadingCosts() {}

  /**
   * Measures {@code n} rounds on {@code raw} (a connection with multi-statement mode, which stands
   * in for dbit's control connection) and hands each part's times to {@code printer}.
   */
  public static void measure(Connection raw, int n, BiConsumer<String, List<Double>> printer)
      throws SQLException {
    // The timer sums the connections dbit opened for tests; here one stands in for the pool.
    TestConnections connections = new TestConnections(true);
    connections.opened(raw);
    StatementTimer timer = new StatementTimer(connections);
    ServerCounters counters = ServerCounters.of(true, connections).withOpenTransactions();
    Map<String, String> parts = new LinkedHashMap<>();
    parts.put("select1", "SELECT 1");
    String measurement = counters.sql();
    parts.put("end-reading", measurement + ";\nSHOW MASTER STATUS");
    parts.put("measurement", measurement);
    parts.put("statement-totals", timer.sql());
    parts.put("totals-of-all", TOTALS + "events_statements_summary_global_by_event_name");
    parts.put("log-position", "SHOW MASTER STATUS");
    parts.put(
        "table-io",
        "SELECT OBJECT_NAME, COUNT_INSERT + COUNT_UPDATE + COUNT_DELETE FROM"
            + " performance_schema.table_io_waits_summary_by_table WHERE OBJECT_SCHEMA ="
            + " DATABASE() AND OBJECT_TYPE = 'TABLE'");
    Map<String, List<Double>> millis = new LinkedHashMap<>();
    parts.keySet().forEach(part -> millis.put(part, new ArrayList<>()));
    try (Statement statement = raw.createStatement()) {
      for (int round = -n / 10; round < n; round++) {
        for (Map.Entry<String, String> part : parts.entrySet()) {
          long start = System.nanoTime();
          runAndRead(statement, part.getValue());
          if (round >= 0) {
            millis.get(part.getKey()).add((System.nanoTime() - start) / 1e6);
          }
        }
      }
    }
    millis.forEach(printer);
  }

  private static void runAndRead(Statement statement, String sql) throws SQLException {
    boolean isResult = statement.execute(sql);
    while (isResult || statement.getUpdateCount() != -1) {
      if (isResult) {
        try (ResultSet rows = statement.getResultSet()) {
          while (rows.next()) {
            rows.getString(1);
          }
        }
      }
      isResult = statement.getMoreResults();
    }
  }
}
