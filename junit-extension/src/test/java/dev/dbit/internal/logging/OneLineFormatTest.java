package dev.dbit.internal.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.logging.ConsoleHandler;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class OneLineFormatTest {
  private final OneLineFormat format = new OneLineFormat(new SimpleFormatter());

  private static LogRecord record(String logger, Level level, String message) {
    LogRecord record = new LogRecord(level, message);
    record.setLoggerName(logger);
    return record;
  }

  @Test
  void dbitsLinesTakeOneLineWithTimeAndLevel() {
    String line =
        format.format(record("dev.dbit", Level.INFO, "dbit: provider embedded, up in 5 ms"));

    assertThat(line)
        .matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO dbit: provider embedded, up in 5 ms\\R")
        .hasLineCount(1);
    assertThat(
            format.format(
                record("dev.dbit.internal.server.EmbeddedMariaDb", Level.WARNING, "dbit: slow")))
        .contains(" WARNING dbit: slow")
        .hasLineCount(1);
  }

  @Test
  void otherLoggersKeepTheFormatTheyHad() {
    LogRecord other = record("org.example.Shop", Level.INFO, "an application line");

    assertThat(format.format(other)).isEqualTo(new SimpleFormatter().format(other)).hasLineCount(2);
  }

  @Test
  void aFailureKeepsItsStackTrace() {
    LogRecord failed = record("dev.dbit", Level.WARNING, "dbit: reset failed");
    failed.setThrown(new IllegalStateException("lock wait timeout"));

    String text = format.format(failed);

    assertThat(text.lines().findFirst())
        .hasValueSatisfying(first -> assertThat(first).endsWith(" WARNING dbit: reset failed"));
    assertThat(text)
        .contains("java.lang.IllegalStateException: lock wait timeout")
        .contains("at dev.dbit.internal.logging.OneLineFormatTest");
  }

  @Test
  void installGivesTheJdksDefaultConsoleTheFormatAndOnlyIt() {
    List<Handler> consoles =
        Arrays.stream(Logger.getLogger("").getHandlers())
            .filter(handler -> handler.getClass() == ConsoleHandler.class)
            .collect(Collectors.toList());
    List<java.util.logging.Formatter> before =
        consoles.stream().map(Handler::getFormatter).collect(Collectors.toList());
    try {
      OneLineFormat.install();
      OneLineFormat.install();

      assertThat(consoles).isNotEmpty();
      for (Handler console : consoles) {
        assertThat(console.getFormatter()).isInstanceOf(OneLineFormat.class);
        OneLineFormat installed = (OneLineFormat) console.getFormatter();
        assertThat(installed.format(record("dev.dbit", Level.INFO, "dbit: x"))).hasLineCount(1);
        assertThat(installed.format(record("org.example", Level.INFO, "y"))).hasLineCount(2);
      }
    } finally {
      for (int i = 0; i < consoles.size(); i++) {
        consoles.get(i).setFormatter(before.get(i));
      }
    }
  }
}
