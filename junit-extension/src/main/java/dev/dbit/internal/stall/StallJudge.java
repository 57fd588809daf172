package dev.dbit.internal.stall;

import dev.dbit.TestMetrics;
import dev.dbit.internal.report.Percentiles;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Decides from one test's numbers, or the summed numbers of several small tests, whether they show
 * the transport-stall signature.
 *
 * <p>A stall: enough statements; little server SQL time for the wall time; and most of the wall
 * time spent waiting inside JDBC calls, per statement far above a normal round trip. Waiting is
 * "far above" at ten times the calibrated median round trip (at least 3 ms), or, on a loopback
 * server whose own calibration round trip takes over 5 ms (every request stalls), at 5 ms.
 */
public final class StallJudge {
  /** Fewest statements a test runs to be judged alone. */
  public static final int MIN_STATEMENTS = 20;

  /** Largest share of a stalled test's wall time the server spends on its SQL. */
  public static final double MAX_SQL_SHARE = 0.2;

  /** Share of wall time that must be unexplained JDBC wait. */
  static final double JDBC_SHARE = 0.5;

  /**
   * How far above the median round trip the wait per statement must be. The median, not the p90: on
   * a busy machine one calibration sample in ten can take milliseconds, and ten times that can hide
   * real 44 ms stalls; the probe still has to confirm every verdict.
   */
  static final double ROUND_TRIP_FACTOR = 10;

  /** Below this much unexplained wait per statement nothing is judged a stall (a busy machine). */
  static final double MIN_WAIT_MS = 3.0;

  /** No loopback round trip takes this long unless the transport stalls. */
  static final double LOOPBACK_STALL_MS = 5.0;

  private StallJudge() {}

  /** The outcome and, for humans, why. */
  public enum Outcome {
    /** Not the stall signature. */
    NO_STALL,
    /**
     * Too few statements to judge alone: judged with the other small tests of its class and run.
     */
    TOO_FEW_STATEMENTS,
    /** The signature; the differential probe must confirm it before a test fails. */
    LOOKS_STALLED
  }

  /**
   * A judgement.
   *
   * @param outcome what dbit concluded
   * @param reason one line saying why
   */
  public record Verdict(Outcome outcome, String reason) {}

  /**
   * @param serverTimingTrusted false when the server's statement timer includes transport wait;
   *     server SQL time is then ignored and a stall can only be suspected
   */
  public static Verdict judge(
      TestMetrics metrics,
      Percentiles baseline,
      boolean serverTimingTrusted,
      boolean loopbackServer) {
    if (metrics.statements() == 0) {
      return no("no statements");
    }
    if (metrics.statements() < MIN_STATEMENTS) {
      return new Verdict(
          Outcome.TOO_FEW_STATEMENTS,
          String.format(
              Locale.ROOT,
              "%d statements, fewer than %d: judged with its class and the run",
              metrics.statements(),
              MIN_STATEMENTS));
    }
    return signature(metrics, baseline, serverTimingTrusted, loopbackServer);
  }

  /**
   * True when {@code metrics} show the stall signature but for their statement count: how a small
   * test qualifies to be judged with the other small tests of its class and run.
   */
  public static boolean showsSignature(
      TestMetrics metrics,
      Percentiles baseline,
      boolean serverTimingTrusted,
      boolean loopbackServer) {
    return metrics.statements() > 0
        && signature(metrics, baseline, serverTimingTrusted, loopbackServer).outcome()
            == Outcome.LOOKS_STALLED;
  }

  /** Every rule but the statement count. */
  private static Verdict signature(
      TestMetrics metrics,
      Percentiles baseline,
      boolean serverTimingTrusted,
      boolean loopbackServer) {
    OptionalDouble serverSql =
        serverTimingTrusted ? metrics.serverSqlMillis() : OptionalDouble.empty();
    double wall = metrics.wallMillis();
    if (serverSql.isPresent()) {
      double share = serverSql.getAsDouble() / wall;
      if (share > MAX_SQL_SHARE) {
        return no(
            "server SQL time is %.1f %% of wall time, above the %.0f %% a stall leaves the server",
            share * 100, 100 * MAX_SQL_SHARE);
      }
    }
    double unexplained = metrics.jdbcMillis() - serverSql.orElse(0);
    if (unexplained < JDBC_SHARE * wall) {
      return no(
          "JDBC wait beyond server time is %.1f %% of wall time; the rest is CPU, sleeps or other work",
          100 * Math.max(0, unexplained) / wall);
    }
    double perStatement = unexplained / metrics.statements();
    if (!farAboveRoundTrip(perStatement, baseline, loopbackServer)) {
      return no(
          "%.2f ms of wait per statement is close to a round trip (median %.2f ms)",
          perStatement, baseline.p50());
    }
    String reason =
        String.format(
            Locale.ROOT,
            "%.2f ms of JDBC wait per statement against a %.2f ms round trip",
            perStatement,
            baseline.p50());
    return new Verdict(Outcome.LOOKS_STALLED, reason);
  }

  /**
   * True when {@code millis} of waiting is far above a normal round trip: ten times the median and
   * at least {@value #MIN_WAIT_MS} ms, or, on a loopback server whose own round trip already takes
   * {@value #LOOPBACK_STALL_MS} ms, at least that much. Used for tests and for probe paths alike.
   */
  static boolean farAboveRoundTrip(double millis, Percentiles baseline, boolean loopbackServer) {
    double floor = Math.max(ROUND_TRIP_FACTOR * baseline.p50(), MIN_WAIT_MS);
    boolean baselineStalls = loopbackServer && baseline.p50() >= LOOPBACK_STALL_MS;
    return millis >= floor || (baselineStalls && millis >= LOOPBACK_STALL_MS);
  }

  private static Verdict no(String format, Object... args) {
    return new Verdict(Outcome.NO_STALL, String.format(Locale.ROOT, format, args));
  }
}
