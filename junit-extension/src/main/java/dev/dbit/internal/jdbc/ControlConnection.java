package dev.dbit.internal.jdbc;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * dbit's one long-lived connection, which comes back when the server drops it ({@code KILL}, {@code
 * wait_timeout}, a restarted proxy): a new connection with the same session settings and the same
 * server locks, or a clear error when another run took a lock meanwhile.
 */
public final class ControlConnection implements Supplier<Connection>, AutoCloseable {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private final ConnectionFactory factory;
  private String sessionSetup;
  private final List<String> locks = new ArrayList<>();
  private Connection connection;

  private ControlConnection(ConnectionFactory factory, String sessionSetup, Connection connection) {
    this.factory = factory;
    this.sessionSetup = sessionSetup;
    this.connection = connection;
  }

  /** Opens the connection and applies {@code sessionSetup}; connect failures say what to check. */
  public static ControlConnection open(ConnectionFactory factory, String sessionSetup)
      throws SQLException {
    Connection connection = factory.openOrExplain("");
    try (Statement statement = connection.createStatement()) {
      statement.execute(sessionSetup);
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return new ControlConnection(factory, sessionSetup, connection);
  }

  /**
   * Applies {@code setting} (a statement that sets up the session) now and after every reconnect.
   *
   * @return false, with nothing changed, when the server refuses it (a missing privilege)
   */
  public boolean applyAlways(String setting) {
    try (Statement statement = connection.createStatement()) {
      statement.execute(setting);
    } catch (SQLException e) {
      return false;
    }
    sessionSetup = sessionSetup + ";\n" + setting;
    return true;
  }

  @Override
  public Connection get() {
    return connection;
  }

  /** Remembers a lock taken on this connection, to take it again after a reconnect. */
  public void held(String lock) {
    locks.add(lock);
  }

  /**
   * When {@code failure} means the connection is gone, reconnects and returns true; otherwise
   * returns false and the caller rethrows.
   */
  public boolean recoverIfLost(SQLException failure) throws SQLException {
    if (!lost(failure)) {
      return false;
    }
    LOG.log(
        Level.WARNING,
        "dbit: the control connection was lost (" + failure.getMessage() + "); reconnecting");
    try {
      connection.close();
    } catch (SQLException e) {
      // Already gone.
    }
    Connection fresh;
    try {
      fresh = factory.open("");
    } catch (SQLException e) {
      throw new ServerLost(
          factory.serverDescription(),
          ConnectionFactory.firstLine(failure.getMessage()),
          ConnectionFactory.firstLine(e.getMessage()),
          e);
    }
    try (Statement statement = fresh.createStatement()) {
      statement.execute(sessionSetup);
      for (String lock : locks) {
        if (ServerLock.tryAcquire(fresh, lock, 0).isEmpty()) {
          fresh.close();
          throw new IllegalStateException(
              "dbit: the control connection was lost and another run took the lock '"
                  + lock
                  + "' meanwhile, so this run no longer owns its test schema. Run the builds one"
                  + " after the other, or give them different servers.");
        }
      }
    }
    connection = fresh;
    return true;
  }

  private boolean lost(SQLException failure) {
    String state = failure.getSQLState();
    if (state != null && state.startsWith("08")) {
      return true;
    }
    try {
      return connection.isClosed() || !connection.isValid(2);
    } catch (SQLException e) {
      return true;
    }
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      LOG.log(Level.DEBUG, "dbit: closing the control connection failed", e);
    }
  }
}
