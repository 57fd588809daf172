package dev.dbit.internal.stall;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.report.Percentiles;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Times each protocol path through a connection with the pool's own settings and sees which of them
 * stall: the experiment that tells a transport stall from a busy machine.
 */
public final class DifferentialProbe {
  static final int WARM_UP = 2;
  public static final int SAMPLES = 10;

  private DifferentialProbe() {}

  public static ProbeResult run(
      ConnectionFactory poolSettings, String schema, Percentiles baseline, boolean loopbackServer)
      throws SQLException {
    List<ProbeResult.PathTiming> timings = new ArrayList<>();
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
        Percentiles percentiles = Percentiles.of(millis);
        timings.add(
            new ProbeResult.PathTiming(
                path, percentiles, stalls(percentiles, baseline, loopbackServer)));
      }
    }
    return new ProbeResult(timings);
  }

  static boolean stalls(Percentiles path, Percentiles baseline, boolean loopbackServer) {
    return StallJudge.farAboveRoundTrip(path.p50(), baseline, loopbackServer);
  }
}
