package dev.dbit.internal.config;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Keys that earlier builds of 0.1.0 read and this one does not: one given fails the run with what
 * replaces it, rather than being ignored in silence (CHANGELOG lists them).
 */
final class RemovedKeys {
  private static final Map<String, String> REPLACEMENTS =
      new TreeMap<>(
          Map.of(
              "dbit.embedded.mysqld",
              "give the mysqld's path as dbit.embedded.engine, for example"
                  + " -Ddbit.embedded.engine=/opt/mysql-8.0.36/bin/mysqld",
              "dbit.log.verbose",
              "dbit turns the loggers of the servers and tools it runs to WARN only where you set"
                  + " no level: give them one (for example logging.level.org.flywaydb=INFO) to read"
                  + " them",
              "dbit.password",
              "give the password in the environment variable "
                  + PasswordSource.ENVIRONMENT
                  + " or in a file named by dbit.password.file: Surefire copies system properties,"
                  + " values included, into its reports",
              "dbit.stall.min-statements",
              "dbit judges a test alone from 20 statements, and smaller tests together with their"
                  + " class and the run; remove the key",
              "dbit.stall.max-sql-share",
              "a test counts as stalled when the server spent at most 20 % of its wall time on its"
                  + " SQL; remove the key",
              "dbit.repeats.threshold",
              "a select shape run with 10 different values counts as a likely N+1; accept a known"
                  + " one with @AcceptNPlusOne, or set dbit.n-plus-one.mode=off",
              "dbit.repeats.mode",
              "it is dbit.n-plus-one.mode now (fail, warn or off); rename the key"));

  private RemovedKeys() {}

  /**
   * Fails when {@code parameters}, or the JVM's system properties (where {@code -D} puts them
   * whatever the launcher passes on), hold a removed key.
   */
  static void refuse(Function<String, Optional<String>> parameters) {
    REPLACEMENTS.forEach(
        (key, instead) -> {
          if (parameters.apply(key).isPresent() || System.getProperty(key) != null) {
            throw new ExtensionConfigurationException(
                "dbit: " + key + " is no longer read: " + instead + ".");
          }
        });
  }
}
