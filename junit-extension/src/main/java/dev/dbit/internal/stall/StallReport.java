package dev.dbit.internal.stall;

import dev.dbit.DbIntegrationTest;
import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.report.Percentiles;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Writes the failure message of a stalled test: numbers, likely cause, probe table, the fix. */
final class StallReport {
  private StallReport() {}

  /**
   * The whole message; {@code why} is the decision's reason ({@link StallModel}), {@code probe} the
   * differential probe that confirmed the stall.
   */
  public static String message(
      TestMetrics m,
      String why,
      RoundTripBaseline calibration,
      ProbeResult probe,
      Map<String, String> poolParams) {
    String subject = String.format(Locale.ROOT, "a %.1f ms test", m.wallMillis());
    return message(m, subject, "", why, calibration, probe, poolParams);
  }

  /** The message for small tests judged together ({@code m}): which tests, then as for one. */
  public static String message(
      StallTally tally,
      TestMetrics m,
      String why,
      RoundTripBaseline calibration,
      ProbeResult probe,
      Map<String, String> poolParams) {
    List<String> tests = tally.tests();
    boolean everyTest = m.statements() > tally.total().statements();
    String subject =
        String.format(
            Locale.ROOT,
            "%d tests of %s, each too small to judge alone (fewer than %d statements; %.1f ms"
                + " together)",
            everyTest ? tally.smallTests() : tests.size(),
            tally.scope(),
            StallModel.MIN_STATEMENTS,
            m.wallMillis());
    int left = tally.smallTests() - tests.size();
    String listed =
        (left > 0
                ? left
                    + " other small tests with SQL did not look stalled alone"
                    + (everyTest ? "; most statements did: all judged.\n" : " and are left out.\n")
                : "")
            + "Tests: "
            + String.join(", ", tests.subList(0, Math.min(tests.size(), LISTED)))
            + (tests.size() > LISTED ? ", and " + (tests.size() - LISTED) + " more" : "")
            + "\nClasses: "
            + tally.classes().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(
                    e ->
                        e.getKey()
                            + " ("
                            + e.getValue()
                            + (e.getValue() == 1 ? " test)" : " tests)"))
                .collect(Collectors.joining(", "))
            + "\n";
    return message(m, subject, listed, why, calibration, probe, poolParams);
  }

  /** Tests a message names, at most. */
  static final int LISTED = 10;

  private static String message(
      TestMetrics m,
      String subject,
      String tests,
      String why,
      RoundTripBaseline calibration,
      ProbeResult probe,
      Map<String, String> poolParams) {
    boolean everything = probe.stalls(ProtocolPath.PLAIN_QUERY);
    StringBuilder text = new StringBuilder();
    text.append(headline(m, subject, calibration));
    text.append(tests);
    text.append(measured(m, calibration));
    text.append("Evidence: ").append(why).append('\n');
    text.append(likelyCause(everything));
    text.append("Protocol paths timed through the pool's settings:\n");
    text.append(probe.table());
    text.append("What to change: ").append(fix(poolParams, everything));
    return text.toString();
  }

  private static String headline(TestMetrics m, String subject, RoundTripBaseline calibration) {
    return String.format(
        Locale.ROOT,
        "transport stall: %d statements waited %.1f ms inside JDBC calls (%.2f ms each, against"
            + " a %.2f ms round trip) in %s, while the server spent %s on them.%n",
        m.statements(),
        m.jdbcMillis(),
        m.jdbcMillisPerStatement(),
        calibration.roundTrip().p50(),
        subject,
        serverTime(m, calibration));
  }

  private static String serverTime(TestMetrics m, RoundTripBaseline calibration) {
    if (m.serverSqlMillis().isEmpty()) {
      return calibration.serverMillisPerSelect().isEmpty()
          ? "an unknown time (performance_schema is off; the probe below confirmed the stall)"
          : "an unknown time (dbit could not establish this test's own; the probe below confirmed"
              + " the stall)";
    }
    if (!calibration.serverTimingTrusted()) {
      return String.format(
          Locale.ROOT,
          "an unknown time (its timer reports %.2f ms for a SELECT 1 that takes %.2f ms end to"
              + " end, so it counts the wait for the rest of each packet as statement time; the"
              + " probe below confirmed the stall)",
          calibration.serverMillisPerSelect().getAsDouble(),
          calibration.roundTrip().p50());
    }
    return String.format(
        Locale.ROOT,
        "%.1f ms (%.1f %% of wall time; a stall leaves the server %.0f %% at most)",
        m.serverSqlMillis().getAsDouble(),
        100 * m.serverSqlMillis().getAsDouble() / m.wallMillis(),
        100 * StallModel.MAX_SQL_SHARE);
  }

  private static String measured(TestMetrics m, RoundTripBaseline calibration) {
    Percentiles baseline = calibration.roundTrip();
    boolean trusted = calibration.serverTimingTrusted();
    double wait = m.jdbcMillis() - (trusted ? m.serverSqlMillis().orElse(0) : 0);
    return String.format(
        Locale.ROOT,
        "Measured: wall %.1f ms | statements %d | server Questions %s | server SQL %s | JDBC"
            + " wait %.1f ms, %.1f ms of it beyond server time | baseline round trip median"
            + " %.2f ms, p90 %.2f ms (N=%d, SELECT 1 with the pool's driver settings) | CPU %.1f ms%n",
        m.wallMillis(),
        m.statements(),
        m.questions().isPresent() ? "+" + m.questions().getAsLong() : "n/a",
        m.serverSqlMillis().isPresent()
            ? String.format(Locale.ROOT, "%.1f ms", m.serverSqlMillis().getAsDouble())
            : "n/a",
        m.jdbcMillis(),
        wait,
        baseline.p50(),
        baseline.p90(),
        baseline.n(),
        m.cpuMillis());
  }

  private static String likelyCause(boolean everything) {
    return everything
        ? "Likely cause: every request stalls, even a one-packet SELECT 1. Something between"
            + " this JVM and the server (a proxy, tunnel, VPN or security agent) forwards"
            + " packets as several small writes without TCP_NODELAY, and each write waits for"
            + " a delayed ACK (~40 ms on Linux, up to 200 ms on Windows).\n"
        : "Likely cause: requests that go out as several small TCP writes wait for a delayed"
            + " ACK (Nagle's algorithm + delayed ACK: ~40 ms on Linux, up to 200 ms on"
            + " Windows).\n";
  }

  private static String fix(Map<String, String> poolParams, boolean everything) {
    StringBuilder fix = new StringBuilder();
    if (everything) {
      fix.append(
          "Connect to the server directly, or set TCP_NODELAY on the hop that splits packets;"
              + " driver settings cannot fix a stall outside the driver.");
      return fix.toString();
    }
    if ("false".equalsIgnoreCase(poolParams.get("tcpNoDelay"))) {
      fix.append("Remove tcpNoDelay=false (Connector/J's default is true). ");
    }
    fix.append(
        "Send each statement as one packet: useServerPrepStmts=false&cachePrepStmts=true&tcpNoDelay=true"
            + " in "
            + DbIntegrationTest.JDBC_PARAMS
            + " and in the JDBC URL your code under test uses."
            + " Client-side prepared statements are the Java analogue of Go's interpolateParams=true."
            + " Keep one CI job on your production driver settings, and never combine client-side"
            + " interpolation with multi-statement mode (allowMultiQueries).");
    return fix.toString();
  }
}
