package dev.dbit.internal.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The server the embedded provider runs; the value of {@code dbit.embedded.engine}. */
public enum EmbeddedEngine {
  AUTO,
  MARIADB,
  MYSQL;

  /** The configuration value, for example {@code mysql}. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Optional<EmbeddedEngine> fromValue(String value) {
    return Arrays.stream(values()).filter(e -> e.value().equals(value)).findFirst();
  }

  static String allowedValues() {
    return Arrays.stream(values()).map(EmbeddedEngine::value).collect(Collectors.joining(", "));
  }
}
