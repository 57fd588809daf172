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
   * shortest stock timer among common systems is Linux's 40 ms (its clock ticks a few ms either
   * way). A busy machine reaches 20 ms on a path of four requests.
   */
  static final double DELAYED_ACK_FLOOR_MS = 35.0;

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
   * A path stalls when its median is at least {@value #DELAYED_ACK_FLOOR_MS} ms, far above a normal
   * round trip, and far above the fastest path of the same probe: measured in the same moment, the
   * contrast tells a stalled path from a busy machine (docs/design/stall-guard.md has the numbers
   * from busy CI machines). When even the fastest path is far above the round trip there is nothing
   * to compare with; then every sample must pass the floor too, since a delayed ACK holds back
   * every request alike while a starved CPU still answers some quickly. With a fast path beside it
   * one fast sample proves nothing: the receiver acknowledges at once after a pause, so a thread
   * paused by a busy machine skips one stall.
   */
  static boolean stalls(
      Percentiles path, Percentiles fastest, Percentiles baseline, boolean loopbackServer) {
    boolean farAbove = StallJudge.farAboveRoundTrip(path.p50(), baseline, loopbackServer);
    boolean everythingSlow = StallJudge.farAboveRoundTrip(fastest.p50(), baseline, loopbackServer);
    boolean contrast = path.p50() >= StallJudge.ROUND_TRIP_FACTOR * fastest.p50();
    return path.p50() >= DELAYED_ACK_FLOOR_MS
        && farAbove
        && (contrast || (everythingSlow && path.p10() >= DELAYED_ACK_FLOOR_MS));
  }
}
