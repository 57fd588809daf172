package dev.dbit.internal.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

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

  static Optional<ProviderKind> fromValue(String value) {
    return Arrays.stream(values()).filter(kind -> kind.value().equals(value)).findFirst();
  }

  static String allowedValues() {
    return Arrays.stream(values()).map(ProviderKind::value).collect(Collectors.joining(", "));
  }
}
