package dev.dbit.internal.config;

import dev.dbit.DbIntegrationTest;

/**
 * What dbit does with a statement shape a test ran many times with different values (a likely N+1).
 *
 * @param mode warn, fail or off
 * @param threshold fewest executions with different values that count as a repeat
 */
public record RepeatSettings(Mode mode, int threshold) {
  /** Fewest executions with different values that count as a repeat. */
  public static final int THRESHOLD = 10;

  static RepeatSettings read(TypedValues values) {
    return new RepeatSettings(
        values.choice(DbIntegrationTest.REPEATS_MODE, Mode.class, Mode.WARN), THRESHOLD);
  }
}
