package dev.dbit.internal.measure;

import com.mysql.cj.jdbc.JdbcConnection;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The server connections dbit opened for one worker's tests (its pool and its unpooled data
 * source), by the server's id for each: the statement timer reads their totals and no other
 * connection's, so that neither dbit's control connection nor another worker's tests reach a test's
 * server SQL time.
 *
 * <p>performance_schema forgets a connection's totals when it closes, so a connection of dbit's
 * reads its own just before it closes (the pool's when Hikari retires it, an unpooled one when the
 * test closes it), and they stay in the sum ({@link #closed()}). A connection that closed without
 * that reading (the server or the network lost it) took its totals with it: it is counted as lost,
 * and a test during which one was lost has no time ({@link StatementTime#testMillis}).
 */
public final class TestConnections {
  private final Map<Long, JdbcConnection> open = new HashMap<>();
  private final Optional<String> ownTotalsSql;
  private long closedPicos;
  private long closedTimed;
  private long lost;

  /**
   * @param timed whether the server times statements (performance_schema on): only then does a
   *     closing connection read its totals
   */
  public TestConnections(boolean timed) {
    this.ownTotalsSql = timed ? Optional.of(StatementTimer.ownTotalsSql()) : Optional.empty();
  }

  /**
   * Registers a connection just opened, before anything runs on it for a test, and returns it
   * wrapped so that it reads its totals before it closes; a connection that is not Connector/J's is
   * returned as it is, and readings leave the time unknown while it is open.
   */
  public Connection opened(Connection connection) {
    JdbcConnection driver;
    try {
      driver = connection.unwrap(JdbcConnection.class);
    } catch (SQLException | RuntimeException e) {
      return connection;
    }
    long id = driver.getId();
    synchronized (this) {
      open.put(id, driver);
    }
    return (Connection)
        Proxy.newProxyInstance(
            TestConnections.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("close") && !connection.isClosed()) {
                retire(id, connection);
              }
              try {
                return method.invoke(connection, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  /**
   * The connections at one moment: the server ids of those still open, known without a round trip,
   * and what those closed so far left, so that a connection closing meanwhile is in one of the two,
   * never both (Hikari closes evicted connections on a thread of its own). One found closed here
   * closed without reading its totals, and is counted as lost.
   */
  public synchronized Snapshot snapshot() {
    int before = open.size();
    open.values().removeIf(TestConnections::closed);
    lost += before - open.size();
    return new Snapshot(new TreeSet<>(open.keySet()), new Closed(closedPicos, closedTimed, lost));
  }

  /**
   * The connections at one moment.
   *
   * @param live the server ids of those still open
   * @param closed what those closed so far left
   */
  public record Snapshot(SortedSet<Long> live, Closed closed) {}

  /**
   * What the closed connections left.
   *
   * @param picos the statement time of those that read their totals before closing
   * @param timed their statements, counted as {@link StatementTime#timed()} counts
   * @param lost how many closed without that reading
   */
  public record Closed(long picos, long timed, long lost) {}

  private void retire(long id, Connection connection) {
    if (ownTotalsSql.isEmpty()) {
      return;
    }
    long picos = 0;
    long timed = 0;
    boolean read = false;
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(ownTotalsSql.get())) {
      read = rows.next();
      if (read) {
        picos = rows.getLong(1);
        timed = rows.getLong(2);
      }
    } catch (SQLException e) {
      // Lost with the connection: the test's time is unknown.
    }
    synchronized (this) {
      open.remove(id);
      closedPicos += picos;
      closedTimed += timed;
      lost += read ? 0 : 1;
    }
  }

  private static boolean closed(JdbcConnection driver) {
    try {
      return driver.isClosed();
    } catch (SQLException | RuntimeException e) {
      return true;
    }
  }
}
