package dev.dbit.internal.stall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.MeasuredTest;
import dev.dbit.internal.report.Percentiles;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The verdict on numbers alone; the EngineTestKit tests cover it on real stalls. */
class StallJudgeTest {
  private static final Percentiles LOOPBACK_ROUND_TRIP = new Percentiles(50, 0.08, 0.10, 0.20);

  private static TestMetrics metrics(
      double wall, long statements, double jdbc, Double serverSql, double cpu) {
    return MeasuredTest.of(
        wall,
        cpu,
        statements,
        jdbc,
        serverSql == null ? OptionalDouble.empty() : OptionalDouble.of(serverSql),
        OptionalLong.of(statements));
  }

  private static StallJudge.Verdict judge(TestMetrics metrics) {
    return StallJudge.judge(metrics, LOOPBACK_ROUND_TRIP, true, true);
  }

  @Test
  void theSeedsSignatureIsAStall() {
    // 1143 statements, 38.3 s wall, 0.25 s of round trips: 0.7 % of wall time.
    StallJudge.Verdict verdict = judge(metrics(38_300, 1143, 38_000, 250.0, 400));

    assertThat(verdict.outcome()).isEqualTo(StallJudge.Outcome.LOOKS_STALLED);
    assertThat(verdict.reason())
        .isEqualTo("33.03 ms of JDBC wait per statement against a 0.10 ms round trip");
  }

  @Test
  void withoutServerTimingItIsOnlySuspected() {
    assertThat(judge(metrics(38_300, 1143, 38_000, null, 400)).outcome())
        .isEqualTo(StallJudge.Outcome.LOOKS_STALLED);
  }

  @Test
  void busyServersAreNotStalls() {
    StallJudge.Verdict verdict = judge(metrics(2_000, 25, 1_990, 1_000.0, 10));

    assertThat(verdict.outcome()).isEqualTo(StallJudge.Outcome.NO_STALL);
    assertThat(verdict.reason())
        .isEqualTo(
            "server SQL time is 50.0 % of wall time, above the 20 % a stall leaves the server");
  }

  @Test
  void timeOutsideJdbcIsNotAStall() {
    StallJudge.Verdict verdict = judge(metrics(1_000, 30, 6, 1.0, 600));

    assertThat(verdict.outcome()).isEqualTo(StallJudge.Outcome.NO_STALL);
    assertThat(verdict.reason()).startsWith("JDBC wait beyond server time is 0.5 % of wall time");
  }

  @Test
  void manyFastStatementsAreNotAStall() {
    StallJudge.Verdict verdict = judge(metrics(120, 500, 110, 40.0, 30));

    assertThat(verdict.outcome()).isEqualTo(StallJudge.Outcome.NO_STALL);
  }

  @Test
  void fewStatementsAreLeftToTheirClassAndRun() {
    StallJudge.Verdict verdict = judge(metrics(1_000, 3, 990, 0.1, 1));

    assertThat(verdict.outcome()).isEqualTo(StallJudge.Outcome.TOO_FEW_STATEMENTS);
    assertThat(verdict.reason())
        .isEqualTo("3 statements, fewer than 20: judged with its class and the run");
  }

  @Test
  void aTestWithoutStatementsIsNotLeftToItsClass() {
    StallJudge.Verdict verdict = judge(metrics(1_000, 0, 0, 0.0, 900));

    assertThat(verdict.outcome()).isEqualTo(StallJudge.Outcome.NO_STALL);
    assertThat(verdict.reason()).isEqualTo("no statements");
  }

  @Test
  void aStalledBaselineOnLoopbackStillCountsAsAStall() {
    Percentiles stalledRoundTrip = new Percentiles(50, 43.9, 44.0, 44.2);
    TestMetrics relayed = metrics(1_800, 40, 1_790, null, 20);

    assertThat(StallJudge.judge(relayed, stalledRoundTrip, true, true).outcome())
        .isEqualTo(StallJudge.Outcome.LOOKS_STALLED);
    assertThat(StallJudge.judge(relayed, stalledRoundTrip, true, false).outcome())
        .as("a remote server 44 ms away is slow, not stalled")
        .isEqualTo(StallJudge.Outcome.NO_STALL);
  }

  @Test
  void aBusyMachinesSlowCalibrationSamplesDoNotHideAStall() {
    // Under load one SELECT 1 in ten took 6 ms; the median stayed about a tenth of a millisecond.
    Percentiles loaded = new Percentiles(50, 0.09, 0.12, 6.0);
    TestMetrics stalled = metrics(1_800, 40, 1_790, 2.0, 20);

    assertThat(StallJudge.judge(stalled, loaded, true, true).outcome())
        .isEqualTo(StallJudge.Outcome.LOOKS_STALLED);
  }

  @Test
  void untrustedServerTimingIsIgnored() {
    TestMetrics metrics = metrics(1_800, 40, 1_790, 1_700.0, 20);

    assertThat(StallJudge.judge(metrics, LOOPBACK_ROUND_TRIP, false, true).outcome())
        .isEqualTo(StallJudge.Outcome.LOOKS_STALLED);
  }
}
