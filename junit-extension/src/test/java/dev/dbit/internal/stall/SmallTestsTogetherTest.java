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
 * A class's small tests judged together, on synthetic tallies: below the minimum of statements the
 * verdict is "small" or "ok", and "ok" only when most of the class's statements look honest. The
 * EngineTestKit tests (SmallTestStallsTest, StallVerdictLevelsTest) run the same on real servers.
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
  void aClassWhoseSmallTestsMostlyStallIsNeverCalledHonest() {
    // ci-under-load, af9e7ad: 6 of 7 looked stalled, 18 statements, one test lost to a pause.
    assertThat(classOf(6, 1)).isEqualTo(StallModel.Outcome.SMALL);
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
