package dev.dbit.internal.server;

import org.slf4j.event.Level;

/** The log level of a line the embedded MariaDB server prints, read from its own tag. */
final class ServerOutputLevel {
  private ServerOutputLevel() {}

  static Level of(String line) {
    if (line.contains("[ERROR]")) {
      return Level.ERROR;
    }
    if (line.contains("[Warning]") && !line.contains("Aborted connection")) {
      return Level.WARN;
    }
    return Level.INFO;
  }
}
