package dev.dbit.internal.stall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.MeasuredTest;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.stall.StallModel.Decision;
import dev.dbit.internal.stall.StallModel.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The decision table of docs/stall-guard.md, row by row, on synthetic numbers; most are numbers
 * measured here on real stalls and on busy machines. The EngineTestKit tests cover real stalls.
 */
class StallModelTest {
  private static final Percentiles FAST_ROUND_TRIP = new Percentiles(50, 0.08, 0.10, 0.20);
  private static final Percentiles FAST_ECHO = new Percentiles(50, 0.03, 0.05, 0.09);
  private static final RoundTripBaseline TIMER =
      new RoundTripBaseline(FAST_ROUND_TRIP, FAST_ECHO, OptionalDouble.of(0.02), true);
  private static final RoundTripBaseline NO_TIMER =
      new RoundTripBaseline(FAST_ROUND_TRIP, FAST_ECHO, OptionalDouble.empty(), true);

  /** Issue 59, case 1: MariaDB 10.11 without a timer behind a relay that splits every request. */
  private static final RoundTripBaseline RELAYED_NO_TIMER =
      new RoundTripBaseline(
          new Percentiles(50, 42.98, 44.03, 46.50), FAST_ECHO, OptionalDouble.empty(), true);

  private static final TestMetrics RELAYED_INSERTS = metrics(1_508.7, 30, 1_443.985, null, 70);

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

  @Nested
  class OnTheNumbersAlone {
    @Test
    void row1_aTestWithoutStatementsIsHonestAndNotLeftToItsClass() {
      Decision decision = StallModel.judge(metrics(1_000, 0, 0, 0.0, 900), TIMER);

      assertThat(decision).isEqualTo(new Decision(Outcome.HONEST, "no statements"));
    }

    @Test
    void row2_fewStatementsAreLeftToTheirClassAndRun() {
      Decision decision = StallModel.judge(metrics(1_000, 3, 990, 0.1, 1), TIMER);

      assertThat(decision.summary(""))
          .isEqualTo("small: 3 statements, fewer than 20: judged with its class and the run");
    }

    @Test
    void row3_aServerBusyWithTheTestsSqlIsHonest() {
      Decision decision = StallModel.judge(metrics(2_000, 25, 1_990, 1_000.0, 10), TIMER);

      assertThat(decision.summary(""))
          .isEqualTo(
              "ok: server SQL time is 50.0 % of wall time, above the 20 % a stall leaves the"
                  + " server");
    }

    @Test
    void row4_timeOutsideJdbcIsHonest() {
      Decision decision = StallModel.judge(metrics(1_000, 30, 6, 1.0, 600), TIMER);

      assertThat(decision.outcome()).isEqualTo(Outcome.HONEST);
      assertThat(decision.reason())
          .startsWith("JDBC wait beyond server time is 0.5 % of wall time");
    }

    @Test
    void row5_manyFastStatementsAreCloseToARoundTrip() {
      Decision decision = StallModel.judge(metrics(120, 500, 110, 10.0, 30), TIMER);

      assertThat(decision.outcome()).isEqualTo(Outcome.HONEST);
      assertThat(decision.reason()).contains("close to a round trip");
    }

    @Test
    void row5_aRemoteServer44MsAwayIsSlowNotStalled() {
      RoundTripBaseline remote =
          new RoundTripBaseline(
              new Percentiles(50, 43.9, 44.0, 44.2), FAST_ECHO, OptionalDouble.empty(), false);

      assertThat(StallModel.judge(metrics(1_800, 40, 1_790, null, 20), remote).outcome())
          .isEqualTo(Outcome.HONEST);
    }

    /** Issue 59, case 2: beside busy loops a calibration's median of 4.85 ms would hide 48.49. */
    @Test
    void row6_aStarvedCalibrationDoesNotLiftTheFloorAboveALoopbackStall() {
      RoundTripBaseline starved =
          new RoundTripBaseline(
              new Percentiles(50, 0.4, 4.85, 9.7), FAST_ECHO, OptionalDouble.of(0.05), true);
      TestMetrics stalled = metrics(1_000, 20, 969.8, 2.0, 30); // 48.49 ms per statement

      assertThat(StallModel.judge(stalled, starved).outcome()).isEqualTo(Outcome.LOOKS_STALLED);
    }

    @Test
    void row6_theSeedsSignatureLooksStalled() {
      // 1143 statements, 38.3 s wall, 0.25 s of server time: 0.7 % of wall time.
      Decision decision = StallModel.judge(metrics(38_300, 1143, 38_000, 250.0, 400), TIMER);

      assertThat(decision)
          .isEqualTo(
              new Decision(
                  Outcome.LOOKS_STALLED,
                  "33.03 ms of JDBC wait per statement against a 0.10 ms round trip"));
    }

    @Test
    void row6_aServerTimerThatCountsTransportWaitIsIgnored() {
      RoundTripBaseline relayed =
          new RoundTripBaseline(
              new Percentiles(50, 43.0, 44.0, 46.0), FAST_ECHO, OptionalDouble.of(43.5), true);

      assertThat(StallModel.judge(metrics(1_800, 40, 1_790, 1_700.0, 20), relayed).outcome())
          .isEqualTo(Outcome.LOOKS_STALLED);
    }
  }

  @Nested
  class WithTheProbe {
    @Test
    void row7_noStalledPathIsNotConfirmed() {
      TestMetrics looks = metrics(1_000, 40, 900, 1.0, 30);

      Decision decision = confirm(looks, TIMER, probe(FAST_ECHO, 0.3, 0.3, 4.0, 4.4));

      assertThat(decision.summary(""))
          .startsWith("suspected, not confirmed: ")
          .endsWith(", but no protocol path stalls in the probe");
    }

    @Test
    void row8_aTrustedServerTimeAndAStalledPathAreAStall() {
      TestMetrics looks = metrics(1_800, 40, 1_790, 2.0, 20);

      assertThat(confirm(looks, TIMER, probe(FAST_ECHO, 0.3, 0.3, 44, 88)).outcome())
          .isEqualTo(Outcome.STALL);
    }

    /** Two small tests of ten 0.4 s server-side sleeps each, stalling driver, no timer. */
    @Test
    void row9_aWaitFarBeyondWhatAStallCostsIsNotBlamedOnTheTransport() {
      TestMetrics sleeps = metrics(8_900, 20, 8_884, null, 20); // 444.2 ms per statement

      Decision decision = confirm(sleeps, NO_TIMER, probe(FAST_ECHO, 0.3, 0.3, 44, 80.1));

      assertThat(decision.summary(""))
          .isEqualTo(
              "server time unknown: 444.2 ms of JDBC wait per statement is more than 3x the 88.1"
                  + " ms a stalled statement took in the probe, so most of it is not the"
                  + " transport; the server's share is unknown: start the server with"
                  + " --performance-schema=ON so that dbit can measure it");
    }

    @Test
    void row10_aStalledPathBesideAHealthyOneIsAStallWithoutATimer() {
      TestMetrics busy = metrics(5_400, 91, 5_092, null, 300);

      assertThat(confirm(busy, NO_TIMER, probe(FAST_ECHO, 0.3, 0.3, 44, 88)).outcome())
          .isEqualTo(Outcome.STALL);
    }

    @Test
    void row11_everyPathStallingIsAStallWhenTheServerTimerCountedTheWait() {
      RoundTripBaseline relayed =
          new RoundTripBaseline(
              new Percentiles(50, 43.0, 44.0, 46.0), FAST_ECHO, OptionalDouble.of(43.5), true);
      TestMetrics looks = metrics(1_800, 40, 1_790, 1_700.0, 20);

      assertThat(confirm(looks, relayed, probe(FAST_ECHO, 44, 44, 88, 88)).outcome())
          .isEqualTo(Outcome.STALL);
    }

    /** Sixteen runs at once on two cores, one server without a timer: ~56 ms per statement. */
    @Test
    void row12_everyPathSlowOnABusyMachineIsUnknown() {
      TestMetrics busy = metrics(5_400, 91, 5_092, null, 300);
      Percentiles slowEcho = new Percentiles(48, 2.0, 14.0, 40.0);

      Decision decision = confirm(busy, RELAYED_NO_TIMER, probe(slowEcho, 44, 45, 88, 90));

      assertThat(decision.summary(""))
          .startsWith("server time unknown: every path of the probe is slow")
          .contains("loopback echo 14.00 ms")
          .endsWith("start the server with --performance-schema=ON so that dbit can tell");
    }

    @Test
    void row12_everyPathSlowWhileTheTestComputesIsUnknown() {
      TestMetrics computing = metrics(1_508.7, 30, 1_443.985, null, 1_200);

      assertThat(confirm(computing, RELAYED_NO_TIMER, probe(FAST_ECHO, 44, 44, 88, 88)).outcome())
          .isEqualTo(Outcome.UNKNOWN);
    }

    /** A shared server elsewhere, saturated while this machine idles, looks like a stall. */
    @Test
    void row12_everyPathSlowOnAServerElsewhereIsUnknown() {
      RoundTripBaseline remote =
          new RoundTripBaseline(
              new Percentiles(50, 0.4, 0.5, 0.9), FAST_ECHO, OptionalDouble.empty(), false);

      Decision decision = confirm(RELAYED_INSERTS, remote, probe(FAST_ECHO, 44, 44, 88, 88));

      assertThat(decision.summary(""))
          .startsWith(
              "server time unknown: every path of the probe is slow (fastest p10 39.60 ms)"
                  + " on a server on another machine");
    }

    /** Issue 59, case 1: the evidence row that names the stall. */
    @Test
    void row13_everyPathStallingOnAnIdleMachineIsAStallWithoutATimer() {
      Decision decision =
          confirm(RELAYED_INSERTS, RELAYED_NO_TIMER, probe(FAST_ECHO, 44, 44, 88, 88));

      assertThat(decision.summary(""))
          .isEqualTo(
              "transport stall: 48.13 ms of JDBC wait per statement against a 44.03 ms round"
                  + " trip; every request of every path waits (fastest p10 39.60 ms) while this"
                  + " machine answers a loopback echo in 0.05 ms and the test threads computed for 5 %"
                  + " of the wall time");
    }
  }

  @Nested
  class ProbedPaths {
    @Test
    void aDelayedAckBesideAFastPathStalls() {
      assertThat(StallModel.pathStalls(ms(44.0), ms(0.30), TIMER)).isTrue();
    }

    /** Measured in CI runs beside two busy loops: fourteen times the fastest path, no stall. */
    @Test
    void aFewMillisecondsFarAboveTheFastestPathDoNotStall() {
      assertThat(StallModel.pathStalls(ms(4.04), ms(0.29), TIMER)).isFalse();
      assertThat(StallModel.pathStalls(ms(4.39), ms(0.81), TIMER)).isFalse();
    }

    /** ci-under-load on 26360bc: four requests at a median of 23.69 ms, below any delayed ACK. */
    @Test
    void aStarvedPathBelowADelayedAckDoesNotStall() {
      Percentiles stream = new Percentiles(10, 23.69, 23.69, 36.51);
      Percentiles plain = new Percentiles(10, 1.08, 1.08, 15.21);

      assertThat(StallModel.pathStalls(stream, plain, TIMER)).isFalse();
    }

    @Test
    void whenEveryPathIsSlowEverySampleMustPassADelayedAck() {
      assertThat(StallModel.pathStalls(ms(44.0), ms(44.0), RELAYED_NO_TIMER)).isTrue();
      Percentiles starved = new Percentiles(10, 2.1, 43.0, 61.0);
      assertThat(StallModel.pathStalls(starved, new Percentiles(10, 1.4, 41.0, 48.0), TIMER))
          .as("a starved CPU still answers some requests quickly")
          .isFalse();
    }

    /** A probe thread paused past the retransmission timeout skips one stall (CI on ec9d3b1). */
    @Test
    void oneFastSampleBesideAFastPathStillStalls() {
      Percentiles oneSkipped = new Percentiles(10, 0.6, 44.0, 44.5);

      assertThat(StallModel.pathStalls(oneSkipped, ms(0.30), TIMER)).isTrue();
    }

    /** Issue 59, case 2: a starved calibration's ten times (31.3 ms) stays under the stall. */
    @Test
    void aStarvedCalibrationDoesNotHideAStalledPathOnLoopback() {
      RoundTripBaseline starved =
          new RoundTripBaseline(
              new Percentiles(50, 0.4, 4.2, 9.7), FAST_ECHO, OptionalDouble.of(0.05), true);

      assertThat(StallModel.pathStalls(ms(41.0), ms(2.6), starved)).isTrue();
    }
  }

  @Nested
  class TheDoctorsQuestion {
    @Test
    void aRoundTripFarAboveTheMachinesEchoIsASlowPath() {
      assertThat(StallModel.pathIsSlow(RELAYED_NO_TIMER)).isTrue();
      assertThat(StallModel.pathIsSlow(calibration(2.0, 0.05))).isTrue();
    }

    /** ServerDoctorTest under ci-under-load: median 2.01 ms, p10 0.24, p90 7.93; echo 0.11. */
    @Test
    void aBusyMachineThatStillAnswersSomeRequestsQuicklyIsNoSlowPath() {
      assertThat(
              StallModel.pathIsSlow(
                  new RoundTripBaseline(
                      new Percentiles(50, 0.24, 2.01, 7.93),
                      new Percentiles(50, 0.05, 0.11, 0.4),
                      OptionalDouble.of(0.13),
                      true)))
          .isFalse();
    }

    @Test
    void aRoundTripSlowedAsMuchAsTheMachinesEchoIsABusyMachine() {
      assertThat(StallModel.pathIsSlow(calibration(1.2, 0.9))).isFalse();
      assertThat(StallModel.pathIsSlow(calibration(3.0, 1.0))).isFalse();
      assertThat(StallModel.pathIsSlow(calibration(0.3, 0.01))).isFalse();
    }

    private RoundTripBaseline calibration(double selectOne, double echo) {
      return new RoundTripBaseline(
          new Percentiles(50, selectOne, selectOne, selectOne),
          new Percentiles(50, echo, echo, echo),
          OptionalDouble.empty(),
          true);
    }
  }

  private static Decision confirm(
      TestMetrics metrics, RoundTripBaseline calibration, ProbeResult probe) {
    Decision looks = StallModel.judge(metrics, calibration);
    assertThat(looks.outcome()).as("%s", looks).isEqualTo(Outcome.LOOKS_STALLED);
    return StallModel.confirm(looks, metrics, calibration, probe);
  }

  /** A probe of the four paths with these medians, each path judged as the probe judges it. */
  private static ProbeResult probe(Percentiles echo, double... medians) {
    ProtocolPath[] all = ProtocolPath.values();
    List<Percentiles> millis = new ArrayList<>();
    for (double median : medians) {
      millis.add(ms(median));
    }
    Percentiles fastest =
        millis.stream().min((a, b) -> Double.compare(a.p50(), b.p50())).orElseThrow();
    List<ProbeResult.PathTiming> paths = new ArrayList<>();
    for (int i = 0; i < all.length; i++) {
      paths.add(
          new ProbeResult.PathTiming(
              all[i], millis.get(i), StallModel.pathStalls(millis.get(i), fastest, TIMER)));
    }
    return new ProbeResult(paths, echo);
  }

  private static Percentiles ms(double median) {
    return new Percentiles(10, median * 0.9, median, median * 1.1);
  }
}
