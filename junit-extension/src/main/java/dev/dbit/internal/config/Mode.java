package dev.dbit.internal.config;

import java.util.Locale;

/**
 * What dbit does with a finding, a transport stall ({@code dbit.stall.mode}) or a likely N+1
 * ({@code dbit.repeats.mode}): fail the test, warn, or look away.
 */
public enum Mode {
  FAIL,
  WARN,
  OFF;

  /** The configuration value, for example {@code warn}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }
}
