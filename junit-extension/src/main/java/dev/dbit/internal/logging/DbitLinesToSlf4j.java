package dev.dbit.internal.logging;

import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * Hands dbit's own lines (logger {@code dev.dbit} in java.util.logging, where {@link System.Logger}
 * writes) to the SLF4J provider of the test class path, so that they look like every other line of
 * the run, whether dbit or the application's logging starts first: without it, a Spring Boot run
 * showed dbit's first lines in java.util.logging's two-line format and the later ones in Logback's.
 * Installed only where a provider other than dbit's own routing is there and nobody gave {@code
 * dev.dbit} handlers of their own.
 */
public final class DbitLinesToSlf4j extends Handler {
  private static final Formatter MESSAGE = new SimpleFormatter();
  private static Logger installedOn;

  private DbitLinesToSlf4j() {}

  /** Installs the handler once; call after {@link Slf4jRouting#ifNoProvider}. */
  public static synchronized void ifAProviderIsThere() {
    if (installedOn != null) {
      return;
    }
    Logger dbit = Logger.getLogger("dev.dbit");
    ILoggerFactory factory = LoggerFactory.getILoggerFactory();
    String name = factory.getClass().getName();
    boolean real =
        !name.startsWith(DbitLinesToSlf4j.class.getPackageName())
            && !name.startsWith("org.slf4j.helpers.");
    if (!real || dbit.getHandlers().length > 0) {
      return;
    }
    dbit.addHandler(new DbitLinesToSlf4j());
    dbit.setUseParentHandlers(false);
    installedOn = dbit;
  }

  @Override
  public void publish(LogRecord record) {
    if (!isLoggable(record)) {
      return;
    }
    org.slf4j.Logger target = LoggerFactory.getLogger(record.getLoggerName());
    String message = MESSAGE.formatMessage(record);
    Throwable thrown = record.getThrown();
    int level = record.getLevel().intValue();
    if (level >= Level.SEVERE.intValue()) {
      target.error(message, thrown);
    } else if (level >= Level.WARNING.intValue()) {
      target.warn(message, thrown);
    } else if (level >= Level.INFO.intValue()) {
      target.info(message, thrown);
    } else if (level >= Level.FINE.intValue()) {
      target.debug(message, thrown);
    } else {
      target.trace(message, thrown);
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}
}
