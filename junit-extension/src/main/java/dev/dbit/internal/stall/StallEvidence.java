package dev.dbit.internal.stall;

import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.RoundTripBaseline;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a confirmed stall explains a test's wait when the server's time for it is unknown. With
 * the server time known, the wait beyond it is what the verdict rests on; without it, the wait
 * could be server work (a {@code SLEEP}, a heavy join) on a connection that also stalls. A stall
 * costs each statement at most what the probe timed for its slowest stalling path, so a wait per
 * statement far above that is not the transport's. And without any server timer, a probe in which
 * every path is slow cannot tell a transport that delays every request from a server or machine too
 * busy to answer in time (eight runs at once on two cores, one server: ~50 ms per statement).
 */
final class StallEvidence {
  /** How far above the probe's slowest stalling path the wait per statement may be. */
  static final double FACTOR = 3;

  private StallEvidence() {}

  /**
   * Empty when the verdict may name a stall: the server time is known and trusted, or the wait per
   * statement is within {@value #FACTOR} times {@code stallMillis}; else the reason it may not, and
   * what would make the server time known.
   */
  static Optional<String> unexplained(
      TestMetrics metrics, RoundTripBaseline baseline, ProbeResult probe) {
    if (metrics.serverSqlMillis().isPresent() && baseline.serverTimingTrusted()) {
      return Optional.empty();
    }
    if (baseline.serverMillisPerSelect().isEmpty() && probe.everyPathStalls()) {
      return Optional.of(
          "every path of the probe is slow, so the wait may be a busy server or machine as well"
              + " as the transport, and the server's time is unknown: start the server with"
              + " --performance-schema=ON so that dbit can tell");
    }
    double stallMillis = probe.slowestStallMillis();
    double perStatement = metrics.jdbcMillisPerStatement();
    if (perStatement <= FACTOR * stallMillis) {
      return Optional.empty();
    }
    String known =
        baseline.serverMillisPerSelect().isEmpty()
            ? "start the server with --performance-schema=ON so that dbit can measure it"
            : baseline.serverTimingTrusted()
                ? "dbit could not establish this test's own server time (docs/stall-guard.md)"
                : "this server's statement timer counts transport wait (docs/stall-guard.md)";
    return Optional.of(
        String.format(
            Locale.ROOT,
            "%.1f ms of JDBC wait per statement is more than %.0fx the %.1f ms a stalled statement"
                + " took in the probe, so most of it is not the transport; the server's share is"
                + " unknown: %s",
            perStatement,
            FACTOR,
            stallMillis,
            known));
  }
}
