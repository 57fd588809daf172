package dev.dbit.internal.stall;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.report.Percentiles;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Times each protocol path through a connection with the pool's own settings and sees which of them
 * stall: the experiment that tells a transport stall from a busy machine.
 */
final class DifferentialProbe {
  static final int WARM_UP = 2;
  public static final int SAMPLES = 10;

  /**
   * No probed path stalls below this median: a transport stall waits for a delayed ACK, whose
   * shortest timer among common systems is Linux's 40 ms; half of it leaves room for a shorter
   * timer and none for a busy machine, where three requests took 4 ms.
   */
  static final double DELAYED_ACK_FLOOR_MS = 20.0;

  private DifferentialProbe() {}

  public static ProbeResult run(
      ConnectionFactory poolSettings, String schema, Percentiles baseline, boolean loopbackServer)
      throws SQLException {
    Map<ProtocolPath, Percentiles> measured = new EnumMap<>(ProtocolPath.class);
    for (ProtocolPath path : ProtocolPath.values()) {
      try (Connection connection = poolSettings.with(path.overrides()).open(schema)) {
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < WARM_UP + SAMPLES; i++) {
          long start = System.nanoTime();
          path.runOnce(connection, i);
          if (i >= WARM_UP) {
            millis.add((System.nanoTime() - start) / 1e6);
          }
        }
        measured.put(path, Percentiles.of(millis));
      }
    }
    Percentiles fastest =
        measured.values().stream().min(Comparator.comparingDouble(Percentiles::p50)).orElseThrow();
    List<ProbeResult.PathTiming> timings = new ArrayList<>();
    measured.forEach(
        (path, percentiles) ->
            timings.add(
                new ProbeResult.PathTiming(
                    path, percentiles, stalls(percentiles, fastest, baseline, loopbackServer))));
    return new ProbeResult(timings);
  }

  /**
   * A path stalls when its median and its p10 are at least {@value #DELAYED_ACK_FLOOR_MS} ms (a
   * delayed ACK holds back every request alike; a starved CPU leaves some fast), far above a normal
   * round trip and, unless even the fastest path of the same probe is, far above that fastest path
   * too: measured in the same moment, it tells a stalled path from a machine so busy that every
   * request takes a few milliseconds (docs/design/stall-guard.md has the numbers from busy CI
   * machines); a delayed ACK costs about 40 ms.
   */
  static boolean stalls(
      Percentiles path, Percentiles fastest, Percentiles baseline, boolean loopbackServer) {
    boolean farAbove = StallJudge.farAboveRoundTrip(path.p50(), baseline, loopbackServer);
    boolean everythingSlow = StallJudge.farAboveRoundTrip(fastest.p50(), baseline, loopbackServer);
    return path.p50() >= DELAYED_ACK_FLOOR_MS
        && path.p10() >= DELAYED_ACK_FLOOR_MS
        && farAbove
        && (everythingSlow || path.p50() >= StallJudge.ROUND_TRIP_FACTOR * fastest.p50());
  }
}
