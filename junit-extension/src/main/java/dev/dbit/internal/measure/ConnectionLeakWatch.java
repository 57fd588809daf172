package dev.dbit.internal.measure;

import com.mysql.cj.jdbc.JdbcConnection;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;

/**
 * Tracks the connections dbit hands out during a test, so that one still open when the test ends is
 * closed (its transaction rolled back, its locks released) and reported against that test. Whose a
 * server thread is, and what its driver saw, it asks the registry of dbit's connections.
 */
public final class ConnectionLeakWatch implements MethodExecutionListener {
  private final Set<Connection> open = ConcurrentHashMap.newKeySet();

  /** Server ids of the connections handed out since {@link #startTest()}. */
  private final Set<Long> handedOutThisTest = ConcurrentHashMap.newKeySet();

  private final TestConnections registry;

  public ConnectionLeakWatch(TestConnections registry) {
    this.registry = registry;
  }

  /** Who a server connection with an open transaction belongs to. */
  public enum Owner {
    /** dbit handed it to the running test. */
    THIS_TEST,
    /** dbit opened it, and handed it to an earlier test only: an idle pooled connection, say. */
    EARLIER_TEST,
    /** dbit did not open it: the test opened it itself. */
    NOT_DBITS
  }

  @Override
  public void beforeMethod(MethodExecutionContext context) {
    // Tracked once the call has returned.
  }

  @Override
  public void afterMethod(MethodExecutionContext context) {
    Method method = context.getMethod();
    if (DataSource.class.isAssignableFrom(method.getDeclaringClass())
        && method.getName().equals("getConnection")
        && context.getResult() instanceof Connection connection) {
      open.add(connection);
      serverThread(connection).ifPresent(handedOutThisTest::add);
    } else if (Connection.class.isAssignableFrom(method.getDeclaringClass())
        && method.getName().equals("close")
        && context.getTarget() instanceof Connection connection) {
      open.remove(connection);
    }
  }

  /**
   * Forgets connections opened before a test, in {@code @BeforeAll} say: they are not its leaks.
   */
  public void startTest() {
    open.clear();
    handedOutThisTest.clear();
  }

  /** Who the server connection {@code thread} belongs to. */
  public Owner owner(long thread) {
    if (handedOutThisTest.contains(thread)) {
      return Owner.THIS_TEST;
    }
    return registry.driver(thread).isPresent() ? Owner.EARLIER_TEST : Owner.NOT_DBITS;
  }

  /**
   * Whether the driver's last reply from the server on connection {@code thread} said a transaction
   * was open: exact and current, unlike the server's transaction list, which MariaDB serves from a
   * copy that stays stale while other connections keep reading it. Empty for a connection dbit did
   * not open, or one that is closed.
   */
  public Optional<Boolean> driverSeesTransaction(long thread) {
    JdbcConnection driver = registry.driver(thread).orElse(null);
    try {
      if (driver == null || driver.isClosed()) {
        return Optional.empty();
      }
      return Optional.of(driver.getSession().getServerSession().inTransactionOnServer());
    } catch (SQLException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The server threads of open connections dbit opened whose driver sees a transaction. */
  public Set<Long> threadsInTransaction() {
    return registry.threads().stream()
        .filter(thread -> driverSeesTransaction(thread).orElse(false))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * What {@link #closeLeaked()} closed.
   *
   * @param lines one line per connection closed
   * @param serverThreads the server's ids of those connections, where the driver knew them: the
   *     server's transaction list may still show them for a moment after their rollback
   */
  public record Closed(List<String> lines, Set<Long> serverThreads) {}

  /** Closes the connections opened since {@link #startTest()} and still open. */
  public Closed closeLeaked() {
    List<String> closed = new ArrayList<>();
    Set<Long> threads = new HashSet<>();
    for (Connection connection : List.copyOf(open)) {
      open.remove(connection);
      try {
        if (!connection.isClosed()) {
          boolean inTransaction = !connection.getAutoCommit();
          serverThread(connection).ifPresent(threads::add);
          connection.close();
          closed.add(
              "a connection dbit handed out was not closed"
                  + (inTransaction ? " (auto-commit off: its transaction was rolled back)" : ""));
        }
      } catch (SQLException e) {
        closed.add("a connection dbit handed out was not closed, and closing it failed: " + e);
      }
    }
    return new Closed(List.copyOf(closed), Set.copyOf(threads));
  }

  /** The server's id of the connection, known to Connector/J without a round trip. */
  private static Optional<Long> serverThread(Connection connection) {
    try {
      return Optional.of(connection.unwrap(JdbcConnection.class).getId());
    } catch (SQLException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
