package dev.dbit.internal.config;

/**
 * What dbit does with a finding, a transport stall ({@code dbit.stall.mode}) or a likely N+1
 * ({@code dbit.n-plus-one.mode}): fail the test, warn, or look away.
 */
public enum Mode {
  FAIL,
  WARN,
  OFF
}
