package dev.dbit.internal.logging;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * dbit's lines in one line each on java.util.logging's default console, whoever configures logging
 * first: the JDK's console format takes two lines per record (date and caller, then level and
 * message). Only the root's own {@link ConsoleHandler} with the JDK's default format is touched,
 * and only for dbit's loggers; any other record keeps the format it had. A user's logging
 * configuration, or a bridge that replaces the console (Spring Boot's to SLF4J), wins.
 */
public final class OneLineFormat extends Formatter {
  private static final List<String> LOGGERS =
      Stream.concat(Stream.of("dev.dbit", "com.zaxxer.hikari"), ThirdPartyLogging.LOGGERS.stream())
          .collect(Collectors.toUnmodifiableList());
  private static final String FORMAT_PROPERTY = "java.util.logging.SimpleFormatter.format";
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

  private final Formatter others;

  OneLineFormat(Formatter others) {
    this.others = others;
  }

  /** Gives the root's default console handlers this format; does nothing when logging is set. */
  public static synchronized void install() {
    if (System.getProperty("java.util.logging.config.file") != null
        || System.getProperty("java.util.logging.config.class") != null
        || System.getProperty(FORMAT_PROPERTY) != null
        || LogManager.getLogManager().getProperty(FORMAT_PROPERTY) != null) {
      return;
    }
    for (Handler handler : Logger.getLogger("").getHandlers()) {
      if (handler.getClass() == ConsoleHandler.class
          && handler.getFormatter().getClass() == SimpleFormatter.class) {
        handler.setFormatter(new OneLineFormat(handler.getFormatter()));
      }
    }
  }

  @Override
  public String format(LogRecord record) {
    String logger = record.getLoggerName();
    if (logger == null || LOGGERS.stream().noneMatch(logger::startsWith)) {
      return others.format(record);
    }
    StringBuilder line =
        new StringBuilder()
            .append(TIME.format(LocalTime.ofInstant(record.getInstant(), ZoneId.systemDefault())))
            .append(' ')
            .append(record.getLevel().getName())
            .append(' ')
            .append(formatMessage(record))
            .append(System.lineSeparator());
    if (record.getThrown() != null) {
      StringWriter trace = new StringWriter();
      record.getThrown().printStackTrace(new PrintWriter(trace));
      line.append(trace);
    }
    return line.toString();
  }
}
