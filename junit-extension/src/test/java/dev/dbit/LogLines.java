package dev.dbit;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The messages dbit logs (logger {@code dev.dbit}, through java.util.logging) while open. */
final class LogLines extends Handler implements AutoCloseable {
  private final Logger logger = Logger.getLogger("dev.dbit");
  private final List<String> messages = new ArrayList<>();

  LogLines() {
    logger.addHandler(this);
  }

  @Override
  public synchronized void publish(LogRecord record) {
    messages.add(record.getMessage());
  }

  synchronized List<String> messages() {
    return List.copyOf(messages);
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    logger.removeHandler(this);
  }
}
