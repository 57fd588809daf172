package dev.dbit.internal.stall;

import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.report.Percentiles;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The one model of the evidence behind every "busy machine or slow path?" answer: a test's verdict,
 * its class's and its run's, each protocol path of the differential probe, and the server doctor's
 * "the path to the server is slow". Each rule is a row of the decision table in
 * docs/stall-guard.md, in the order they are tried here.
 */
public final class StallModel {
  /** Fewest statements a test runs to be judged alone. */
  public static final int MIN_STATEMENTS = 20;

  /** Largest share of a stalled test's wall time the server spends on its SQL. */
  public static final double MAX_SQL_SHARE = 0.2;

  /** Share of wall time that must be JDBC wait the server does not explain. */
  static final double JDBC_SHARE = 0.5;

  /** How far above the calibrated median round trip a stalled request waits. */
  static final double ROUND_TRIP_FACTOR = 10;

  /** Below this much unexplained wait per statement nothing is a stall. */
  static final double MIN_WAIT_MS = 3.0;

  /**
   * The least a delayed ACK holds a request back: Linux's 40 ms timer, the shortest stock one, less
   * its clock's few ms either way. On a loopback server any wait this long is far above a round
   * trip, whatever a starved calibration measured.
   */
  static final double DELAYED_ACK_MS = 35.0;

  /** How much slower than the machine's own loopback echo a path must be to be the path's fault. */
  static final double MACHINE_FACTOR = 4;

  /** How far above the slowest stalled probe path a statement may wait and be the stall's. */
  static final double PROBE_FACTOR = 3;

  /** Largest share of wall time a test computes on its own thread for a path-wide stall. */
  static final double MAX_CPU_SHARE = 0.5;

  /** A local server answers {@code SELECT 1} in about 0.1 ms; a path slower than this is slow. */
  public static final double SLOW_ROUND_TRIP_MS = 1.0;

  private StallModel() {}

  /** What the evidence leads to; each outcome has its rows in the decision table. */
  public enum Outcome {
    /** Not the stall signature: the numbers explain the time. */
    HONEST,
    /** Too few statements to judge alone: judged with its class and the run. */
    SMALL,
    /** The signature; the probe must confirm it ({@link #confirm}). */
    LOOKS_STALLED,
    /** The signature, but no protocol path stalls (a busy machine, GC, lock waits) or no probe. */
    NOT_CONFIRMED,
    /** The evidence cannot tell a stall from server or machine load; says what would. */
    UNKNOWN,
    /** Confirmed: the wait is the transport's. */
    STALL
  }

  /**
   * A decision and, for humans, the evidence that led to it.
   *
   * @param outcome what the evidence leads to
   * @param reason one line naming the numbers
   */
  public record Decision(Outcome outcome, String reason) {
    /** The verdict line of reports: the outcome's prefix, {@code scope}, then the reason. */
    public String summary(String scope) {
      String prefix =
          switch (outcome) {
            case HONEST -> "ok: ";
            case SMALL -> "small: ";
            case LOOKS_STALLED -> "looks stalled: ";
            case NOT_CONFIRMED -> "suspected, not confirmed: ";
            case UNKNOWN -> "server time unknown: ";
            case STALL -> "transport stall: ";
          };
      return prefix + scope + reason;
    }
  }

  /** Rows 1-5: a test's own numbers, with its statement count. */
  public static Decision judge(TestMetrics metrics, RoundTripBaseline calibration) {
    if (metrics.statements() == 0) {
      return decide(Outcome.HONEST, "no statements");
    }
    if (metrics.statements() < MIN_STATEMENTS) {
      return decide(
          Outcome.SMALL,
          "%d statements, fewer than %d: judged with its class and the run",
          metrics.statements(),
          MIN_STATEMENTS);
    }
    return signature(metrics, calibration);
  }

  /** Rows 3-5: the numbers without the statement count; how small tests qualify to be summed. */
  public static Decision signature(TestMetrics metrics, RoundTripBaseline calibration) {
    OptionalDouble serverSql = trustedServerTime(metrics, calibration);
    double wall = metrics.wallMillis();
    if (serverSql.isPresent() && serverSql.getAsDouble() > MAX_SQL_SHARE * wall) {
      return decide(
          Outcome.HONEST,
          "server SQL time is %.1f %% of wall time, above the %.0f %% a stall leaves the server",
          100 * serverSql.getAsDouble() / wall,
          100 * MAX_SQL_SHARE);
    }
    double unexplained = metrics.jdbcMillis() - serverSql.orElse(0);
    if (unexplained < JDBC_SHARE * wall) {
      return decide(
          Outcome.HONEST,
          "JDBC wait beyond server time is %.1f %% of wall time; the rest is CPU, sleeps or other"
              + " work",
          100 * Math.max(0, unexplained) / wall);
    }
    double perStatement = unexplained / metrics.statements();
    if (perStatement < stallFloor(calibration)) {
      return decide(
          Outcome.HONEST,
          "%.2f ms of wait per statement is close to a round trip (median %.2f ms)",
          perStatement,
          calibration.roundTrip().p50());
    }
    return decide(
        Outcome.LOOKS_STALLED,
        "%.2f ms of JDBC wait per statement against a %.2f ms round trip",
        perStatement,
        calibration.roundTrip().p50());
  }

  /** Rows 7-13: a signature weighed against the probe; {@code looks} came from {@link #judge}. */
  public static Decision confirm(
      Decision looks, TestMetrics metrics, RoundTripBaseline calibration, ProbeResult probe) {
    if (!probe.anyStalls()) {
      return decide(
          Outcome.NOT_CONFIRMED, "%s, but no protocol path stalls in the probe", looks.reason());
    }
    if (trustedServerTime(metrics, calibration).isPresent()) {
      return new Decision(Outcome.STALL, looks.reason());
    }
    double perStatement = metrics.jdbcMillisPerStatement();
    double stallMillis = probe.slowestStallMillis();
    if (perStatement > PROBE_FACTOR * stallMillis) {
      return decide(
          Outcome.UNKNOWN,
          "%.1f ms of JDBC wait per statement is more than %.0fx the %.1f ms a stalled statement"
              + " took in the probe, so most of it is not the transport; the server's share is"
              + " unknown: %s",
          perStatement,
          PROBE_FACTOR,
          stallMillis,
          whatWouldTell(calibration));
    }
    if (!probe.everyPathStalls() || calibration.serverMillisPerSelect().isPresent()) {
      // A healthy path beside the stalled one, or a server timer that counted the wait for the
      // rest of each packet (its own evidence of the transport).
      return new Decision(Outcome.STALL, looks.reason());
    }
    return everyPathWithoutTimer(looks, metrics, calibration, probe);
  }

  /**
   * Rows 12-13: every path stalls and the server has no timer. On this machine, a busy server is a
   * busy machine, which the loopback echo shows; a server elsewhere may be busy while this machine
   * idles, so there the evidence cannot decide.
   */
  private static Decision everyPathWithoutTimer(
      Decision looks, TestMetrics metrics, RoundTripBaseline calibration, ProbeResult probe) {
    double fastest = probe.fastestP10();
    double echo = probe.echo().p50();
    double cpuShare = metrics.cpuMillis() / metrics.wallMillis();
    if (!calibration.loopbackServer()) {
      return decide(
          Outcome.UNKNOWN,
          "every path of the probe is slow (fastest p10 %.2f ms) on a server on another machine,"
              + " which may be busy while this one idles; start the server with"
              + " --performance-schema=ON so that dbit can tell",
          fastest);
    }
    if (echo * MACHINE_FACTOR > fastest || cpuShare > MAX_CPU_SHARE) {
      return decide(
          Outcome.UNKNOWN,
          "every path of the probe is slow (fastest p10 %.2f ms) and so is this machine (loopback"
              + " echo %.2f ms, test threads computing for %.0f %% of the wall time), so the wait"
              + " may be a busy server or machine as well as the transport; start the server with"
              + " --performance-schema=ON so that dbit can tell",
          fastest,
          echo,
          100 * cpuShare);
    }
    return decide(
        Outcome.STALL,
        "%s; every request of every path waits (fastest p10 %.2f ms) while this machine answers a"
            + " loopback echo in %.2f ms and the test threads computed for %.0f %% of the wall time",
        looks.reason(),
        fastest,
        echo,
        100 * cpuShare);
  }

  /**
   * Whether a probed path stalls: its median at least a delayed ACK and far above a round trip, and
   * either ten times the fastest path of the same probe, or, when even the fastest is far above a
   * round trip, every sample past a delayed ACK (a starved CPU still answers some quickly).
   */
  static boolean pathStalls(Percentiles path, Percentiles fastest, RoundTripBaseline calibration) {
    double floor = stallFloor(calibration);
    boolean contrast = path.p50() >= ROUND_TRIP_FACTOR * fastest.p50();
    boolean everythingSlow = fastest.p50() >= floor && path.p10() >= DELAYED_ACK_MS;
    return path.p50() >= DELAYED_ACK_MS && path.p50() >= floor && (contrast || everythingSlow);
  }

  /**
   * The doctor's question: does the path, not the machine, make the round trip slow? A slow path
   * slows every request, so even the quickest (the p10) must be slow; a busy machine still answers
   * some quickly.
   */
  public static boolean pathIsSlow(RoundTripBaseline calibration) {
    double quickest = calibration.roundTrip().p10();
    return quickest > SLOW_ROUND_TRIP_MS && quickest > MACHINE_FACTOR * calibration.echo().p50();
  }

  /**
   * Wait per statement from which a stall is suspected: ten times the calibrated median round trip
   * and at least {@value #MIN_WAIT_MS} ms; on a loopback server at most {@value #DELAYED_ACK_MS}
   * ms, since no loopback round trip takes a delayed ACK's time (a starved calibration, or a path
   * that stalls every request, cannot lift the floor above the stall).
   */
  static double stallFloor(RoundTripBaseline calibration) {
    double floor = Math.max(ROUND_TRIP_FACTOR * calibration.roundTrip().p50(), MIN_WAIT_MS);
    return calibration.loopbackServer() ? Math.min(floor, DELAYED_ACK_MS) : floor;
  }

  private static OptionalDouble trustedServerTime(
      TestMetrics metrics, RoundTripBaseline calibration) {
    return calibration.serverTimingTrusted() ? metrics.serverSqlMillis() : OptionalDouble.empty();
  }

  private static String whatWouldTell(RoundTripBaseline calibration) {
    if (calibration.serverMillisPerSelect().isEmpty()) {
      return "start the server with --performance-schema=ON so that dbit can measure it";
    }
    return calibration.serverTimingTrusted()
        ? "dbit could not establish this test's own server time (docs/stall-guard.md)"
        : "this server's statement timer counts transport wait (docs/stall-guard.md)";
  }

  private static Decision decide(Outcome outcome, String format, Object... args) {
    return new Decision(outcome, String.format(Locale.ROOT, format, args));
  }
}
