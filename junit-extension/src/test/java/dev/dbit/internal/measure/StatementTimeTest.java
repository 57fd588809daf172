package dev.dbit.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** When a test's server SQL time is a number, and when dbit reports it as unknown. */
class StatementTimeTest {
  private static final long MS = 1_000_000_000L;

  private static Optional<StatementTime> at(long millis, long timed) {
    return at(millis, timed, 0);
  }

  private static Optional<StatementTime> at(long millis, long timed, long lost) {
    return Optional.of(new StatementTime(millis * MS, timed, lost, false));
  }

  @Test
  void theTimeOfTheTestsConnectionsBetweenTheReadings() {
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 15), 5, 50, 40)).hasValue(30.0);
  }

  @Test
  void moreServerTimeThanTheTestTookIsUnknown() {
    // 30 ms of statements on one connection cannot fit in a 20 ms test.
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 15), 5, 20, 18)).isEmpty();
  }

  @Test
  void threadsWaitingAtOnceMayAddUpToMoreThanTheWallTime() {
    // Two threads, 15 ms each, in a 16 ms test: 30 ms of JDBC wait.
    assertThat(StatementTime.testMillis(at(100, 10), at(128, 15), 5, 16, 30)).hasValue(28.0);
  }

  @Test
  void theClocksMayDifferByTheTolerance() {
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 15), 5, 29.5, 29)).hasValue(30.0);
    assertThat(StatementTime.testMillis(at(0, 10), at(1005, 15), 5, 1000, 990)).hasValue(1005.0);
  }

  @Test
  void aConnectionLostDuringTheTestTookItsTotalsWithIt() {
    assertThat(StatementTime.testMillis(at(100, 10, 0), at(130, 15, 1), 5, 50, 40)).isEmpty();
  }

  @Test
  void statementsTheServerHasNotYetTimedLeaveTheTimeUnknown() {
    assertThat(StatementTime.complete(at(100, 10), at(130, 14), 5)).isFalse();
    assertThat(StatementTime.testMillis(at(100, 10), at(130, 14), 5, 50, 40)).isEmpty();
    assertThat(StatementTime.complete(at(100, 10), at(130, 15), 5)).isTrue();
  }

  @Test
  void aStatementAnsweredButNotYetEndedKeepsTheTotalsIncompleteWhateverTheCount() {
    // 15 timed, as the test's 5 executions ask, but two of them set up a connection the pool
    // opened during the test, and the test's last statement is still running on the server.
    Optional<StatementTime> running = Optional.of(new StatementTime(130 * MS, 15, 0, true));
    assertThat(StatementTime.complete(at(100, 10), running, 5)).isFalse();
    assertThat(StatementTime.testMillis(at(100, 10), running, 5, 50, 40)).isEmpty();
  }

  @Test
  void withoutATimerThereIsNoNumber() {
    assertThat(StatementTime.testMillis(Optional.empty(), at(130, 15), 5, 50, 40)).isEmpty();
    assertThat(StatementTime.testMillis(at(100, 10), Optional.empty(), 5, 50, 40)).isEmpty();
  }
}
