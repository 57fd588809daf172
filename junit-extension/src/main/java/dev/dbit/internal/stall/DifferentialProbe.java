package dev.dbit.internal.stall;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.measure.RoundTripClock;
import dev.dbit.internal.report.Percentiles;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Times each protocol path through a connection with the pool's own settings, each request followed
 * by a loopback echo, and sees which paths stall ({@link StallModel#pathStalls}): the experiment
 * that tells a transport stall from a busy machine.
 */
final class DifferentialProbe {
  static final int WARM_UP = 2;
  public static final int SAMPLES = 10;

  private DifferentialProbe() {}

  public static ProbeResult run(
      ConnectionFactory poolSettings, String schema, RoundTripBaseline calibration)
      throws SQLException {
    Map<ProtocolPath, Percentiles> measured = new EnumMap<>(ProtocolPath.class);
    Percentiles echo;
    try (RoundTripClock clock = RoundTripClock.open()) {
      for (ProtocolPath path : ProtocolPath.values()) {
        try (Connection connection = poolSettings.with(path.overrides()).open(schema)) {
          for (int i = 0; i < WARM_UP; i++) {
            path.runOnce(connection, i);
          }
          List<Double> millis = new ArrayList<>();
          for (int i = WARM_UP; i < WARM_UP + SAMPLES; i++) {
            int sample = i;
            millis.add(clock.time(() -> path.runOnce(connection, sample)));
          }
          measured.put(path, Percentiles.of(millis));
        }
      }
      echo = clock.echo();
    }
    Percentiles fastest =
        measured.values().stream().min(Comparator.comparingDouble(Percentiles::p50)).orElseThrow();
    List<ProbeResult.PathTiming> timings = new ArrayList<>();
    measured.forEach(
        (path, percentiles) ->
            timings.add(
                new ProbeResult.PathTiming(
                    path, percentiles, StallModel.pathStalls(percentiles, fastest, calibration))));
    return new ProbeResult(timings, echo);
  }
}
