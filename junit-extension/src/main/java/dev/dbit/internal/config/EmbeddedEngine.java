package dev.dbit.internal.config;

import java.util.Locale;

/** The server the embedded provider runs; the value of {@code dbit.embedded.engine}. */
public enum EmbeddedEngine {
  AUTO,
  MARIADB,
  MYSQL;

  /** The configuration value, for example {@code mysql}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }
}
