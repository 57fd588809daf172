package dev.dbit.internal.measure;

import com.mysql.cj.jdbc.JdbcConnection;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server connections dbit opened for one worker's tests (its pool and its unpooled data
 * source), by the server's id for each: the statement timer reads their totals and no other
 * connection's, so that neither dbit's control connection nor another worker's tests reach a test's
 * server SQL time.
 *
 * <p>performance_schema forgets a connection's totals when it closes, so a connection of dbit's
 * reads its own just before it closes (the pool's when Hikari retires it, an unpooled one when the
 * test closes it), and they stay in the sum. A connection that closed without that reading (the
 * server or the network lost it) took its totals with it: it is counted as lost, and a test during
 * which one was lost has no time ({@link StatementTime#testMillis}).
 *
 * <p>A connection also reads its totals once opened, and only what it ran after that is summed: the
 * statements the driver runs to set a connection up are no test's, and counted in a test during
 * which the pool opened a connection, they once made the server look done before it had added the
 * test's last statement.
 *
 * <p>Those readings are dbit's, never a test's, and the server adds each to the totals a moment
 * after answering it: a reading of the totals meanwhile would count one statement no test ran, and
 * the count of a test's statements would look complete while its last one was not yet in. So a
 * connection is registered only once a ping has shown its opening reading added, and a reading of
 * the totals taken while a connection was closing is unsettled ({@link #settledSince}).
 *
 * <p>The one registry of dbit's connections: the leak watch asks it whose connection a server
 * thread is and whether its driver sees a transaction, and the pool which threads dbit ended.
 */
public final class TestConnections {
  private final Map<Long, Open> open = new HashMap<>();
  private final Set<Long> ended = ConcurrentHashMap.newKeySet();
  private final Optional<String> ownTotalsSql;
  private long closedPicos;
  private long closedTimed;
  private long lost;

  /** How many connections have begun their closing reading. */
  private long closingsBegun;

  /** How many connections are between their closing reading and their removal. */
  private int closing;

  /**
   * @param timed whether the server times statements (performance_schema on): only then does a
   *     connection read its totals when it opens and before it closes
   */
  public TestConnections(boolean timed) {
    this.ownTotalsSql = timed ? Optional.of(StatementTimer.ownTotalsSql()) : Optional.empty();
  }

  /**
   * Registers a connection just opened, before anything runs on it for a test, from its totals so
   * far, and returns it wrapped so that it reads its totals before it closes; a connection that is
   * not Connector/J's is returned as it is, and readings leave the time unknown while it is open.
   */
  public Connection opened(Connection connection) {
    JdbcConnection driver;
    try {
      driver = connection.unwrap(JdbcConnection.class);
    } catch (SQLException | RuntimeException e) {
      return connection;
    }
    long id = driver.getId();
    Optional<long[]> before = ownTotals(connection).filter(totals -> added(driver));
    synchronized (this) {
      // The reading is itself a statement the server times after it: one more counted.
      long[] base =
          before.map(t -> new long[] {t[0], t[1] + 1, t[2]}).orElse(new long[] {0, 0, -1});
      open.put(id, new Open(driver, base[0], base[1], base[2]));
      lost += ownTotalsSql.isPresent() && before.isEmpty() ? 1 : 0;
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
    open.values().removeIf(connection -> closed(connection.driver));
    lost += before - open.size();
    long picos = closedPicos;
    long timed = closedTimed;
    for (Open connection : open.values()) {
      picos -= connection.basePicos;
      timed -= connection.baseTimed;
    }
    long settledAt = closing == 0 ? closingsBegun : -1;
    SortedSet<Long> timerThreads = new TreeSet<>();
    open.values().forEach(connection -> timerThreads.add(connection.thread()));
    return new Snapshot(timerThreads, new Offset(picos, timed, lost, settledAt));
  }

  /**
   * Whether no connection was closing from {@code offset}'s snapshot until now: otherwise the
   * server may have counted a closing reading, which no test ran, in the totals read meanwhile.
   */
  public synchronized boolean settledSince(Offset offset) {
    return offset.settledAt() >= 0 && offset.settledAt() == closingsBegun;
  }

  /** The driver of server thread {@code thread}, if dbit opened it and has not seen it close. */
  public synchronized Optional<JdbcConnection> driver(long thread) {
    return Optional.ofNullable(open.get(thread)).map(Open::driver);
  }

  /** The server threads of the connections dbit opened and has not seen close. */
  public synchronized Set<Long> threads() {
    return new TreeSet<>(open.keySet());
  }

  /** dbit ended (killed) the server threads {@code threads}: no test may be handed one. */
  public void ended(Collection<Long> threads) {
    ended.addAll(threads);
  }

  /** Whether dbit ended server thread {@code thread}. */
  public boolean wasEnded(long thread) {
    return ended.contains(thread);
  }

  /**
   * A connection still open, its totals when dbit registered it, and its performance_schema thread
   * id (-1 where the opening reading failed), fixed for the connection's life.
   */
  private record Open(JdbcConnection driver, long basePicos, long baseTimed, long thread) {}

  /**
   * The connections at one moment.
   *
   * @param live the performance_schema thread ids of those still open (-1 for one not known)
   * @param offset what to add to their totals
   */
  public record Snapshot(SortedSet<Long> live, Offset offset) {}

  /**
   * What to add to the open connections' totals: what the closed ones ran while registered, less
   * what the open ones had run before.
   *
   * @param picos statement time
   * @param timed statements, counted as {@link StatementTime#timed()} counts
   * @param lost how many connections closed without reading their totals, or failed to at opening
   * @param settledAt how many closings had begun, none in progress; -1 while one was
   */
  public record Offset(long picos, long timed, long lost, long settledAt) {}

  private void retire(long id, Connection connection) {
    if (ownTotalsSql.isEmpty()) {
      // Nothing to read, but the registry forgets it: the leak watch asks it for the whole run.
      synchronized (this) {
        open.remove(id);
      }
      return;
    }
    synchronized (this) {
      closingsBegun++;
      closing++;
    }
    Optional<long[]> totals = ownTotals(connection);
    synchronized (this) {
      closing--;
      Open registered = open.remove(id);
      if (totals.isPresent() && registered != null) {
        closedPicos += totals.get()[0] - registered.basePicos;
        closedTimed += totals.get()[1] - registered.baseTimed;
      } else {
        lost++;
      }
    }
  }

  /**
   * The statement time and count of {@code connection} so far ({@link
   * StatementTimer#ownTotalsSql}); empty where the server does not time statements or the reading
   * failed: the connection's totals are then unknown.
   */
  private Optional<long[]> ownTotals(Connection connection) {
    if (ownTotalsSql.isEmpty()) {
      return Optional.empty();
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(ownTotalsSql.get())) {
      return rows.next()
          ? Optional.of(new long[] {rows.getLong(1), rows.getLong(2), rows.getLong(3)})
          : Optional.empty();
    } catch (SQLException e) {
      return Optional.empty();
    }
  }

  /**
   * Whether the server has added the reading just answered on {@code driver} to its totals: it does
   * before it takes the connection's next request, here a ping.
   */
  private static boolean added(JdbcConnection driver) {
    try {
      driver.ping();
      return true;
    } catch (SQLException | RuntimeException e) {
      return false;
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
