package dev.dbit.internal.logging;

import java.lang.System.Logger.Level;
import org.slf4j.Marker;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** An SLF4J logger that writes to the {@link System.Logger} of the same name. */
final class SystemLoggerAdapter extends LegacyAbstractLogger {
  private static final long serialVersionUID = 1L;
  private final transient System.Logger target;

  SystemLoggerAdapter(String name) {
    this.name = name;
    this.target = System.getLogger(name);
  }

  @Override
  public boolean isTraceEnabled() {
    return target.isLoggable(Level.TRACE);
  }

  @Override
  public boolean isDebugEnabled() {
    return target.isLoggable(Level.DEBUG);
  }

  @Override
  public boolean isInfoEnabled() {
    return target.isLoggable(Level.INFO);
  }

  @Override
  public boolean isWarnEnabled() {
    return target.isLoggable(Level.WARNING);
  }

  @Override
  public boolean isErrorEnabled() {
    return target.isLoggable(Level.ERROR);
  }

  @Override
  protected String getFullyQualifiedCallerName() {
    return null;
  }

  @Override
  protected void handleNormalizedLoggingCall(
      org.slf4j.event.Level level,
      Marker marker,
      String message,
      Object[] arguments,
      Throwable throwable) {
    String text = MessageFormatter.basicArrayFormat(message, arguments);
    Level to =
        switch (level) {
          case TRACE -> Level.TRACE;
          case DEBUG -> Level.DEBUG;
          case INFO -> Level.INFO;
          case WARN -> Level.WARNING;
          case ERROR -> Level.ERROR;
        };
    if (throwable == null) {
      target.log(to, text);
    } else {
      target.log(to, text, throwable);
    }
  }
}
