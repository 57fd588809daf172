package dev.dbit.internal.measure;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;

/**
 * Tracks the connections dbit hands out during a test, so that one still open when the test ends is
 * closed (its transaction rolled back, its locks released) and reported against that test.
 */
public final class ConnectionLeakWatch implements MethodExecutionListener {
  private final Set<Connection> open = ConcurrentHashMap.newKeySet();

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
  }

  /**
   * Closes the connections opened since {@link #startTest()} and still open.
   *
   * @return one line per connection closed
   */
  public List<String> closeLeaked() {
    List<String> closed = new ArrayList<>();
    for (Connection connection : List.copyOf(open)) {
      open.remove(connection);
      try {
        if (!connection.isClosed()) {
          boolean inTransaction = !connection.getAutoCommit();
          connection.close();
          closed.add(
              "a connection dbit handed out was not closed"
                  + (inTransaction ? " (auto-commit off: its transaction was rolled back)" : ""));
        }
      } catch (SQLException e) {
        closed.add("a connection dbit handed out was not closed, and closing it failed: " + e);
      }
    }
    return closed;
  }
}
