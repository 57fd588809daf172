package dev.dbit.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** When an end reading holds the time of every statement the server started since the start. */
class ServerCountersReadingTest {
  private static ServerCounters.Reading reading(long questions, long timed) {
    return new ServerCounters.Reading(
        questions, OptionalLong.of(1_000), 0, OptionalLong.of(timed), 0);
  }

  @Test
  void aStatementStartedButNotYetTimedIsNotEverything() {
    assertThat(reading(15, 110).timedEverything(reading(10, 100))).isTrue();
    assertThat(reading(15, 104).timedEverything(reading(10, 100))).isFalse();
  }

  @Test
  void commandsQuestionsLeavesOutNeverHoldTheReadingBack() {
    // Pings and prepared-statement closes are timed but not counted as questions.
    assertThat(reading(11, 103).timedEverything(reading(10, 100))).isTrue();
  }

  @Test
  void aRequestAnsweredButNotYetCountedIsNotEverything() {
    ServerCounters.Reading start = new ServerCounters.Reading(10, OptionalLong.of(0));
    ServerCounters.Reading replying =
        new ServerCounters.Reading(12, OptionalLong.of(5), 0, OptionalLong.empty(), 1);
    ServerCounters.Reading settled =
        new ServerCounters.Reading(13, OptionalLong.of(300), 0, OptionalLong.empty(), 0);
    assertThat(replying.timedEverything(start)).isFalse();
    assertThat(settled.timedEverything(start)).isTrue();
  }

  @Test
  void withoutTimedCountsThereIsNothingToWaitFor() {
    ServerCounters.Reading userStatistics = new ServerCounters.Reading(15, OptionalLong.of(5));
    assertThat(userStatistics.timedEverything(new ServerCounters.Reading(10, OptionalLong.of(0))))
        .isTrue();
    assertThat(reading(15, 100).timedEverything(userStatistics)).isTrue();
  }
}
