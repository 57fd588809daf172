package dev.dbit.internal.config;

import dev.dbit.DbIntegrationTest;
import java.util.Arrays;
import java.util.Locale;

/**
 * What dbit does with a statement shape a test ran many times with different values (a likely N+1).
 *
 * @param mode warn, fail or off
 * @param threshold fewest executions with different values that count as a repeat
 */
public record RepeatSettings(RepeatMode mode, int threshold) {
  static final int DEFAULT_THRESHOLD = 10;

  /** What happens to a test with a repeat. */
  public enum RepeatMode {
    WARN,
    FAIL,
    OFF;

    public String value() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static RepeatSettings read(TypedValues values) {
    String raw = values.value(DbIntegrationTest.REPEATS_MODE).orElse("warn");
    RepeatMode mode =
        Arrays.stream(RepeatMode.values())
            .filter(m -> m.value().equals(raw.toLowerCase(Locale.ROOT)))
            .findFirst()
            .orElseThrow(
                () ->
                    TypedValues.invalid(
                        DbIntegrationTest.REPEATS_MODE, raw, "Allowed values: warn, fail, off."));
    int threshold =
        values.wholeNumber(DbIntegrationTest.REPEATS_THRESHOLD, DEFAULT_THRESHOLD, 2, 100_000);
    return new RepeatSettings(mode, threshold);
  }
}
