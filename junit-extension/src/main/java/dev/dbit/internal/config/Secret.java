package dev.dbit.internal.config;

/** A password that never shows up in logs, reports or exception messages. */
public final class Secret {
  private static final Secret EMPTY = new Secret("");
  private final String value;

  private Secret(String value) {
    this.value = value;
  }

  /** Wraps a password; {@code null} counts as empty. */
  public static Secret of(String value) {
    return value == null || value.isEmpty() ? EMPTY : new Secret(value);
  }

  /** The clear text, for handing to a JDBC driver only. */
  public String reveal() {
    return value;
  }

  public boolean isEmpty() {
    return value.isEmpty();
  }

  @Override
  public String toString() {
    return value.isEmpty() ? "(empty)" : "(hidden)";
  }
}
