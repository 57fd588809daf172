package dev.dbit.internal.measure;

import com.mysql.cj.jdbc.JdbcConnection;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server connections dbit opened for one worker's tests (its pool and its unpooled data
 * source), by the server's id for each: the statement timer reads their totals and no other
 * connection's, so that neither dbit's control connection nor another worker's tests reach a test's
 * server SQL time.
 */
public final class TestConnections {
  private final Map<Long, JdbcConnection> open = new ConcurrentHashMap<>();

  /** Registers a connection just opened, before anything runs on it for a test. */
  public void opened(Connection connection) {
    try {
      JdbcConnection driver = connection.unwrap(JdbcConnection.class);
      open.put(driver.getId(), driver);
    } catch (SQLException | RuntimeException e) {
      // Not Connector/J: the timer cannot name its thread, and readings leave the time unknown.
    }
  }

  /** The server ids of the registered connections still open, known without a round trip. */
  public SortedSet<Long> live() {
    open.values().removeIf(TestConnections::closed);
    return new TreeSet<>(open.keySet());
  }

  private static boolean closed(JdbcConnection driver) {
    try {
      return driver.isClosed();
    } catch (SQLException | RuntimeException e) {
      return true;
    }
  }
}
