package dev.dbit.internal.config;

import java.util.Locale;

/**
 * The stall guard's settings.
 *
 * @param mode fail, warn or off
 * @param minStatements fewest statements a judged test ran
 * @param maxSqlShare largest share of wall time the server may spend on the test's SQL
 */
public record StallSettings(StallMode mode, int minStatements, double maxSqlShare) {

  /** What happens to a stalled test. */
  public enum StallMode {
    FAIL,
    WARN,
    OFF;

    public String value() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
