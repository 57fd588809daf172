package dev.dbit.internal.measure;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.report.Percentiles;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * A normal round trip, measured once per run through the same driver and connection settings as the
 * pool handed to tests: {@code SELECT 1} as a plain statement, each followed by a loopback echo
 * inside this JVM ({@link RoundTripClock}) that tells a busy machine from a slow path.
 *
 * <p>With performance_schema on, it also asks the server how long it thinks those {@code SELECT 1}s
 * took. When the server reports most of the round trip as statement time, its timer includes
 * waiting for the rest of a split packet, and server SQL time cannot be trusted to tell a stall
 * from real work.
 *
 * @param roundTrip round trips in milliseconds
 * @param echo loopback echoes taken between them, in milliseconds
 * @param serverMillisPerSelect server statement time per {@code SELECT 1}, when known
 * @param loopbackServer whether the server runs on this machine (its address is a loopback one)
 */
public record RoundTripBaseline(
    Percentiles roundTrip,
    Percentiles echo,
    OptionalDouble serverMillisPerSelect,
    boolean loopbackServer) {
  static final int WARM_UP = 5;
  public static final int SAMPLES = 50;

  /** Round trips of at least this long are worth checking against the server's own timer. */
  private static final double SUSPICIOUS_ROUND_TRIP_MS = 1.0;

  /** True unless the server counts transport wait as statement time. */
  public boolean serverTimingTrusted() {
    return serverMillisPerSelect.isEmpty()
        || roundTrip.p50() < SUSPICIOUS_ROUND_TRIP_MS
        || serverMillisPerSelect.getAsDouble() < 0.5 * roundTrip.p50();
  }

  /** One line for the run's log. */
  public String describe() {
    String server =
        serverMillisPerSelect.isPresent()
            ? String.format(
                Locale.ROOT,
                "; server timer %.2f ms per SELECT 1",
                serverMillisPerSelect.getAsDouble())
            : "";
    return roundTrip.describeMillis()
        + String.format(Locale.ROOT, "; loopback echo in this JVM median %.2f ms", echo.p50())
        + server
        + (serverTimingTrusted() ? "" : " (server timer includes transport wait)");
  }

  public static RoundTripBaseline calibrate(
      ConnectionFactory poolSettings,
      String schema,
      boolean performanceSchema,
      boolean loopbackServer)
      throws SQLException {
    try (Connection connection = poolSettings.open(schema);
        Statement statement = connection.createStatement();
        RoundTripClock clock = RoundTripClock.open()) {
      for (int i = 0; i < WARM_UP; i++) {
        selectOne(statement);
      }
      long[] before = performanceSchema ? ownSelectTimer(statement) : null;
      List<Double> millis = new ArrayList<>();
      for (int i = 0; i < SAMPLES; i++) {
        millis.add(clock.time(() -> selectOne(statement)));
      }
      OptionalDouble server = OptionalDouble.empty();
      if (before != null) {
        long[] after = ownSelectTimer(statement);
        long count = after[1] - before[1];
        if (count > 0) {
          server = OptionalDouble.of((after[0] - before[0]) / 1e9 / count);
        }
      }
      return new RoundTripBaseline(Percentiles.of(millis), clock.echo(), server, loopbackServer);
    }
  }

  private static void selectOne(Statement statement) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SELECT 1")) {
      rows.next();
    }
  }

  /** This connection's SELECT statement time (picoseconds) and count. */
  private static long[] ownSelectTimer(Statement statement) throws SQLException {
    try (ResultSet rows =
        statement.executeQuery(
            "SELECT COALESCE(SUM(s.SUM_TIMER_WAIT), 0), COALESCE(SUM(s.COUNT_STAR), 0) FROM"
                + " performance_schema.events_statements_summary_by_thread_by_event_name s JOIN"
                + " performance_schema.threads t ON t.THREAD_ID = s.THREAD_ID WHERE"
                + " t.PROCESSLIST_ID = CONNECTION_ID() AND s.EVENT_NAME = 'statement/sql/select'")) {
      rows.next();
      return new long[] {rows.getLong(1), rows.getLong(2)};
    }
  }
}
