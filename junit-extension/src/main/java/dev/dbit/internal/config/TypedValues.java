package dev.dbit.internal.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** One configuration parameter as a typed value, with an error naming the key when it is not. */
final class TypedValues {
  private final Function<String, Optional<String>> parameters;

  TypedValues(Function<String, Optional<String>> parameters) {
    this.parameters = parameters;
  }

  /** {@code true} or {@code false}; false when unset. */
  boolean yesOrNo(String key) {
    return yesOrNo(key, false);
  }

  /** {@code true} or {@code false}; {@code unset} when unset. */
  boolean yesOrNo(String key, boolean unset) {
    Optional<String> raw = value(key);
    if (raw.isEmpty()) {
      return unset;
    }
    return switch (raw.get().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw invalid(key, raw.get(), "Allowed values: true, false.");
    };
  }

  /**
   * One of {@code type}'s constants, named in lower case; {@code fallback} when unset. The error
   * lists the allowed values.
   */
  <E extends Enum<E>> E choice(String key, Class<E> type, E fallback, String... alsoAllowed) {
    Optional<String> raw = value(key);
    if (raw.isEmpty()) {
      return fallback;
    }
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(raw.get())) {
        return constant;
      }
    }
    throw invalid(
        key,
        raw.get(),
        Stream.concat(
                Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(Locale.ROOT)),
                Arrays.stream(alsoAllowed))
            .collect(Collectors.joining(", ", "Allowed values: ", ".")));
  }

  /** A whole number from {@code min} to {@code max}; {@code fallback} when unset. */
  int wholeNumber(String key, int fallback, int min, int max) {
    Optional<String> raw = value(key);
    if (raw.isEmpty()) {
      return fallback;
    }
    String allowed = "Allowed values: a whole number from " + min + " to " + max + ".";
    try {
      int number = Integer.parseInt(raw.get());
      if (number < min || number > max) {
        throw invalid(key, raw.get(), allowed);
      }
      return number;
    } catch (NumberFormatException e) {
      throw invalid(key, raw.get(), allowed);
    }
  }

  /** The trimmed value of {@code key}; empty when unset or blank. */
  Optional<String> value(String key) {
    return parameters.apply(key).map(String::trim).filter(v -> !v.isEmpty());
  }

  /** A directory dbit may create: a valid path that does not name a file. */
  Optional<Path> directory(String key) {
    Optional<String> raw = value(key);
    if (raw.isEmpty()) {
      return Optional.empty();
    }
    Path dir;
    try {
      dir = Path.of(raw.get());
    } catch (InvalidPathException e) {
      throw invalid(key, raw.get(), "It is not a valid path here.");
    }
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw invalid(
          key, raw.get(), "It names a file; give a directory (dbit creates it when missing).");
    }
    return Optional.of(dir);
  }

  /** The error for a bad value: the key, the value and what is allowed. */
  static ExtensionConfigurationException invalid(String key, String value, String rule) {
    return new ExtensionConfigurationException(
        "dbit: invalid value '" + value + "' for " + key + ". " + rule);
  }
}
