package dev.dbit.internal.config;

import static dev.dbit.internal.config.TypedValues.invalid;

import dev.dbit.DbIntegrationTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The external server's password, from one of the environment variable {@code DBIT_PASSWORD} and
 * {@code dbit.password.file}: never a system property, which Surefire copies, value included, into
 * its reports.
 */
final class PasswordSource {
  /** The environment variable that may carry the external server's password. */
  static final String ENVIRONMENT = "DBIT_PASSWORD";

  private final Function<String, Optional<String>> parameters;
  private final Function<String, String> environment;

  PasswordSource(
      Function<String, Optional<String>> parameters, Function<String, String> environment) {
    this.parameters = parameters;
    this.environment = environment;
  }

  /**
   * The password from one of {@code dbit.password.file} and {@code DBIT_PASSWORD}; empty when none
   * is given. No message ever shows its value.
   */
  Secret read() {
    Map<String, String> given = new LinkedHashMap<>();
    parameters
        .apply(DbIntegrationTest.PASSWORD_FILE)
        .map(String::trim)
        .filter(v -> !v.isEmpty())
        .ifPresent(file -> given.put(DbIntegrationTest.PASSWORD_FILE, readFile(file)));
    Optional.ofNullable(environment.apply(ENVIRONMENT)).ifPresent(v -> given.put(ENVIRONMENT, v));
    if (given.size() > 1) {
      throw new ExtensionConfigurationException(
          "dbit: the password is given "
              + given.size()
              + " ways ("
              + String.join(", ", given.keySet())
              + "); keep one.");
    }
    return Secret.of(given.values().stream().findFirst().orElse(""));
  }

  private static String readFile(String file) {
    Path path;
    try {
      path = Path.of(file);
    } catch (InvalidPathException e) {
      throw invalid(
          DbIntegrationTest.PASSWORD_FILE,
          file,
          "Give a readable file whose first line is the password.");
    }
    try {
      List<String> lines = Files.readAllLines(path);
      return lines.isEmpty() ? "" : lines.get(0);
    } catch (IOException | SecurityException e) {
      throw invalid(
          DbIntegrationTest.PASSWORD_FILE,
          file,
          "Give a readable file whose first line is the password (it cannot be read: "
              + e.getClass().getSimpleName()
              + ").");
    }
  }
}
