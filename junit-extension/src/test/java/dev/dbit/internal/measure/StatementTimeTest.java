package dev.dbit.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** When a test's server SQL time is a number, and when dbit reports it as unknown. */
class StatementTimeTest {
  private static final long MS = 1_000_000_000L;

  /** The end reading is the first one dbit took. */
  private static final Optional<StatementTime> FIRST = Optional.empty();

  private static Optional<StatementTime> at(long millis, long timed) {
    return at(millis, timed, 0);
  }

  private static Optional<StatementTime> at(long millis, long timed, long lost) {
    return Optional.of(new StatementTime(millis * MS, timed, lost, false));
  }

  @Test
  void theTimeOfTheTestsConnectionsBetweenTheReadings() {
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 15), FIRST, 5, 50, 40)).hasValue(30.0);
  }

  @Test
  void moreServerTimeThanTheTestTookIsUnknown() {
    // 30 ms of statements on one connection cannot fit in a 20 ms test.
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 15), FIRST, 5, 20, 18)).isEmpty();
  }

  @Test
  void threadsWaitingAtOnceMayAddUpToMoreThanTheWallTime() {
    // Two threads, 15 ms each, in a 16 ms test: 30 ms of JDBC wait.
    assertThat(StatementTime.testMillis(at(100, 10), at(128, 15), FIRST, 5, 16, 30)).hasValue(28.0);
  }

  @Test
  void theClocksMayDifferByTheTolerance() {
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 15), FIRST, 5, 29.5, 29))
        .hasValue(30.0);
    assertThat(StatementTime.testMillis(at(0, 10), at(1005, 15), FIRST, 5, 1000, 990))
        .hasValue(1005.0);
  }

  @Test
  void aConnectionLostDuringTheTestTookItsTotalsWithIt() {
    assertThat(StatementTime.testMillis(at(100, 10, 0), at(130, 15, 1), FIRST, 5, 50, 40))
        .isEmpty();
  }

  @Test
  void aLostConnectionSettlesTheTimeAsUnknownWithoutWaiting() {
    // Unknown for good: reading again cannot bring the lost connection's totals back.
    assertThat(StatementTime.settled(at(100, 10, 0), at(130, 14, 1), FIRST, 5)).isTrue();
    // Not yet timed: reading again may show the last statement.
    assertThat(StatementTime.settled(at(100, 10, 0), at(130, 14, 0), FIRST, 5)).isFalse();
    assertThat(StatementTime.settled(Optional.empty(), at(130, 14, 0), FIRST, 5)).isTrue();
  }

  @Test
  void statementsTheServerHasNotYetTimedLeaveTheTimeUnknown() {
    assertThat(StatementTime.complete(at(100, 10), at(130, 14), FIRST, 5)).isFalse();
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 14), FIRST, 5, 50, 40)).isEmpty();
    assertThat(StatementTime.complete(at(100, 10), at(130, 15), FIRST, 5)).isTrue();
  }

  @Test
  void aStatementAnsweredButNotYetEndedKeepsTheTotalsIncompleteWhateverTheCount() {
    Optional<StatementTime> running = Optional.of(new StatementTime(130 * MS, 15, 0, true));
    assertThat(StatementTime.complete(at(100, 10), running, FIRST, 5)).isFalse();
    assertThat(StatementTime.testMillis(at(100, 10), running, FIRST, 5, 50, 40)).isEmpty();
  }

  @Test
  void withoutATimerThereIsNoNumber() {
    assertThat(StatementTime.testMillis(Optional.empty(), at(130, 15), FIRST, 5, 50, 40)).isEmpty();
    assertThat(StatementTime.testMillis(at(100, 10), Optional.empty(), FIRST, 5, 50, 40)).isEmpty();
  }

  /**
   * The seed of this rule: under load, four 50 ms sleeps reported 151 ms, the fourth marked ended
   * but not yet in the totals, while two statements of a connection the pool opened during the test
   * made the count look complete.
   */
  @Test
  void moreStatementsThanExecutionsCountOnlyOnceASecondReadingFindsNothingNew() {
    Optional<StatementTime> end = at(151, 16);
    assertThat(StatementTime.complete(at(0, 10), end, FIRST, 4)).isFalse();
    assertThat(StatementTime.testMillis(at(0, 10), end, FIRST, 4, 210, 205)).isEmpty();
    assertThat(StatementTime.complete(at(0, 10), at(201, 17), end, 4)).isFalse();
    assertThat(StatementTime.complete(at(0, 10), at(201, 17), at(201, 17), 4)).isTrue();
    assertThat(StatementTime.testMillis(at(0, 10), at(201, 17), at(201, 17), 4, 210, 205))
        .hasValue(201.0);
  }

  /**
   * A reading retaken while the server catches up is bounded by the longer wall time of that
   * moment; the test reports its first clocks, so its time must fit those (ci-under-load once
   * reported 30.9 ms of server time in a test of 28.3 ms wall, 26.1 ms JDBC wait).
   */
  @Test
  void aLaterReadingsTimeMustFitTheClocksTheTestReports() {
    MeasuredTest first =
        MeasuredTest.of(28.3, 1, 5, 26.1, java.util.OptionalDouble.empty(), OptionalLong.of(5));
    MeasuredTest later =
        MeasuredTest.of(33, 1, 5, 26.1, java.util.OptionalDouble.of(30.9), OptionalLong.of(5));
    assertThat(first.withServerNumbersOf(later).serverSqlMillis()).isEmpty();
    MeasuredTest fits =
        MeasuredTest.of(33, 1, 5, 26.1, java.util.OptionalDouble.of(25), OptionalLong.of(5));
    assertThat(first.withServerNumbersOf(fits).serverSqlMillis()).hasValue(25.0);
  }
}
