package dev.dbit.internal.measure;

import com.mysql.cj.jdbc.JdbcConnection;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
 * test closes it), and they stay in the sum ({@link #retired()}). A connection that closed without
 * that reading (the server or the network lost it) took its totals with it: its id is in no later
 * reading, and the test's time is unknown ({@link StatementTime#testMillis}).
 */
public final class TestConnections {
  private final Map<Long, JdbcConnection> open = new HashMap<>();
  private final Set<Long> retiredIds = new HashSet<>();
  private final Optional<String> ownTotalsSql;
  private long retiredPicos;
  private long retiredTimed;

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

  /** The server ids of the registered connections still open, known without a round trip. */
  public synchronized SortedSet<Long> live() {
    open.values().removeIf(TestConnections::closed);
    return new TreeSet<>(open.keySet());
  }

  /**
   * The totals of the connections that read theirs before closing, and their ids.
   *
   * @param picos their statement time
   * @param timed their statements, counted as {@link StatementTime#timed()} counts
   * @param threads their server ids
   */
  public record Retired(long picos, long timed, Set<Long> threads) {}

  public synchronized Retired retired() {
    return new Retired(retiredPicos, retiredTimed, Set.copyOf(retiredIds));
  }

  private void retire(long id, Connection connection) {
    if (ownTotalsSql.isEmpty()) {
      return;
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(ownTotalsSql.get())) {
      if (rows.next()) {
        synchronized (this) {
          retiredPicos += rows.getLong(1);
          retiredTimed += rows.getLong(2);
          retiredIds.add(id);
          open.remove(id);
        }
      }
    } catch (SQLException e) {
      // Lost with the connection: later readings do not name it, and the test's time is unknown.
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
