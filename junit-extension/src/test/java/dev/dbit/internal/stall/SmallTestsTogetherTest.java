package dev.dbit.internal.stall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.TestMetrics;
import dev.dbit.internal.config.Mode;
import dev.dbit.internal.measure.MeasuredTest;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.report.Percentiles;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A class's small tests judged together, on synthetic tallies: those with the stall signature as
 * one test; where they mostly have it but too few statements, every small test as one; "ok" only
 * when most statements look honest. SmallTestStallsTest and StallVerdictLevelsTest run real ones.
 */
class SmallTestsTogetherTest {
  private static final RoundTripBaseline BASELINE =
      new RoundTripBaseline(
          new Percentiles(50, 0.08, 0.10, 0.20),
          new Percentiles(50, 0.03, 0.05, 0.09),
          OptionalDouble.of(0.02),
          true);
  private static final StallGuard GUARD = new StallGuard(Mode.FAIL, BASELINE, null, Map.of(), "s");

  /** A 3-statement test: 44 ms of JDBC wait per statement when {@code stalled}, else 0.2 ms. */
  private static TestMetrics small(boolean stalled) {
    double jdbc = stalled ? 132 : 0.6;
    return MeasuredTest.of(jdbc + 2, 1, 3, jdbc, OptionalDouble.of(0.1), OptionalLong.of(3));
  }

  private static StallModel.Outcome classOf(int stalled, int honest) {
    StallTally tally = new StallTally("SomeTest");
    for (int i = 0; i < stalled + honest; i++) {
      TestMetrics metrics = small(i < stalled);
      tally.add("SomeTest", "t" + i + "()", metrics, GUARD.showsSignature(metrics));
    }
    return GUARD.assessTogether(tally).decision().outcome();
  }

  @Test
  void aClassWhoseSmallTestsMostlyStallIsJudgedAsOneTest() {
    // ci-under-load: 6 of 8 looked stalled, 18 statements; 6 of 7 (af9e7ad), the same. All the
    // class's small tests are judged as one then; no server here, so the probe cannot confirm.
    assertThat(classOf(6, 2)).isEqualTo(StallModel.Outcome.NOT_CONFIRMED);
    assertThat(classOf(6, 1)).isEqualTo(StallModel.Outcome.NOT_CONFIRMED);
  }

  @Test
  void aClassMostlyStalledButTooSmallEvenAsAWholeIsJudgedWithTheRun() {
    assertThat(classOf(5, 1)).isEqualTo(StallModel.Outcome.SMALL);
  }

  @Test
  void aClassWhoseSmallTestsMostlyLookHonestIsOk() {
    assertThat(classOf(0, 12)).isEqualTo(StallModel.Outcome.HONEST);
    assertThat(classOf(3, 9)).isEqualTo(StallModel.Outcome.HONEST);
  }

  @Test
  void aClassWithTooFewStatementsIsJudgedWithTheRun() {
    assertThat(classOf(0, 2)).isEqualTo(StallModel.Outcome.SMALL);
    assertThat(classOf(2, 0)).isEqualTo(StallModel.Outcome.SMALL);
  }
}
