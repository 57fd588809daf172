package dev.dbit.internal.config;

import java.util.Locale;

/** The ways dbit can obtain a database server; the value of {@code dbit.provider}. */
public enum ProviderKind {
  AUTO,
  EMBEDDED,
  EXTERNAL,
  TESTCONTAINERS;

  /** The configuration value, for example {@code embedded}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }
}
