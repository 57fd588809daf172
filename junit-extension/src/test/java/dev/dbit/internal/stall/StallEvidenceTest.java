package dev.dbit.internal.stall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.MeasuredTest;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.report.Percentiles;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Whether the probe explains a wait the server's time does not, on synthetic numbers. */
class StallEvidenceTest {
  private static final Percentiles ROUND_TRIP = new Percentiles(50, 0.15, 0.21, 2.95);
  private static final RoundTripBaseline NO_TIMER =
      new RoundTripBaseline(ROUND_TRIP, OptionalDouble.empty());

  /** 91 statements that waited 5,092 ms with sixteen runs at once on two cores, no timer. */
  private static final TestMetrics BUSY =
      MeasuredTest.of(5_400, 300, 91, 5_092, OptionalDouble.empty(), OptionalLong.of(91));

  @Test
  void withoutATimerAProbeWithNoHealthyPathExplainsNothing() {
    ProbeResult everySlow = probe(true, true, true, true);

    assertThat(StallEvidence.unexplained(BUSY, NO_TIMER, everySlow))
        .hasValueSatisfying(reason -> assertThat(reason).contains("every path of the probe"));
  }

  @Test
  void withoutATimerAStalledPathBesideAHealthyOneExplainsTheWait() {
    ProbeResult oneStalls = probe(false, false, true, false);

    assertThat(StallEvidence.unexplained(BUSY, NO_TIMER, oneStalls)).isEmpty();
  }

  @Test
  void withATimerThatCountsTransportWaitEveryPathStallingStillExplainsIt() {
    RoundTripBaseline relayed = new RoundTripBaseline(ROUND_TRIP, OptionalDouble.of(40.0));

    assertThat(StallEvidence.unexplained(BUSY, relayed, probe(true, true, true, true))).isEmpty();
  }

  private static ProbeResult probe(boolean... stalls) {
    List<ProbeResult.PathTiming> paths = new java.util.ArrayList<>();
    ProtocolPath[] all = ProtocolPath.values();
    for (int i = 0; i < all.length; i++) {
      double median = stalls[i] ? 44.0 : 0.3;
      paths.add(
          new ProbeResult.PathTiming(
              all[i], new Percentiles(10, median * 0.9, median, median * 1.1), stalls[i]));
    }
    return new ProbeResult(paths);
  }
}
