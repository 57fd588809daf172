package dev.dbit.internal.binlog;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.QueryEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer;
import dev.dbit.internal.server.DatabaseServer;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Whether and how dbit reads a server's binary log: the settings a follower needs, a replica-style
 * client, and which statements logged as text may have changed a copy.
 */
final class BinaryLogAccess {
  /**
   * The client library logs every connect at INFO through java.util.logging; dbit says itself what
   * matters. Held here: java.util.logging forgets the level of a logger nobody references.
   */
  static final Logger CLIENT_LOG = quietClientLog();

  private static Logger quietClientLog() {
    Logger logger = Logger.getLogger(BinaryLogClient.class.getName());
    logger.setLevel(Level.WARNING);
    return logger;
  }

  private BinaryLogAccess() {}

  /** Why this server's log cannot be followed, if it cannot. */
  static Optional<String> unusable(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT @@log_bin, @@binlog_format, @@binlog_row_image, @@session.sql_log_bin")) {
      rows.next();
      if (!rows.getBoolean(1)) {
        return Optional.of("the server keeps no binary log (log_bin is off)");
      }
      if (!"ROW".equalsIgnoreCase(rows.getString(2))) {
        return Optional.of("binlog_format is " + rows.getString(2) + ", not ROW");
      }
      if (!"FULL".equalsIgnoreCase(rows.getString(3))) {
        return Optional.of("binlog_row_image is " + rows.getString(3) + ", not FULL");
      }
      if (rows.getBoolean(4)) {
        return Optional.of("dbit may not keep its own resets out of the binary log (sql_log_bin)");
      }
      return Optional.empty();
    }
  }

  /** A replica-style client of {@code server}'s log from {@code from}, on daemon threads. */
  static BinaryLogClient client(DatabaseServer server, LogPosition from, String threadName) {
    BinaryLogClient client =
        new BinaryLogClient(
            server.host(), server.port(), server.user(), server.password().reveal());
    // A replica id no real replica of a test server is likely to use.
    client.setServerId(1_000_000 + ThreadLocalRandom.current().nextInt(1_000_000));
    client.setBinlogFilename(from.file());
    client.setBinlogPosition(from.offset());
    client.setKeepAlive(false);
    client.setThreadFactory(
        runnable -> {
          Thread thread = new Thread(runnable, threadName);
          thread.setDaemon(true);
          return thread;
        });
    EventDeserializer deserializer = new EventDeserializer();
    deserializer.setCompatibilityMode(
        EventDeserializer.CompatibilityMode.CHAR_AND_BINARY_AS_BYTE_ARRAY);
    client.setEventDeserializer(deserializer);
    return client;
  }

  /**
   * Disconnects {@code client} and ends its dump thread on the server: an idle server notices a
   * gone replica only when it next writes, and MySQL 8.0.31 waited 8 s for such a thread at
   * shutdown.
   */
  static void end(BinaryLogClient client, Connection control) {
    long thread = client.getConnectionId();
    try (Statement statement = control.createStatement()) {
      client.disconnect();
      statement.execute("KILL CONNECTION " + thread);
    } catch (IOException | SQLException e) {
      CLIENT_LOG.log(Level.FINE, "dbit: ending a binary log client failed", e);
    }
  }

  /** Whether a statement logged as text may have changed {@code copy}. */
  static boolean mayChange(QueryEventData query, String copy) {
    String sql = query.getSql().trim().toUpperCase(Locale.ROOT);
    if (sql.equals("BEGIN") || sql.equals("COMMIT") || sql.equals("ROLLBACK")) {
      return false;
    }
    return copy.equals(query.getDatabase()) || query.getSql().contains(copy);
  }
}
