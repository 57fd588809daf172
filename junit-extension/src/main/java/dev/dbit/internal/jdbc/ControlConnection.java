package dev.dbit.internal.jdbc;

import com.mysql.cj.jdbc.JdbcConnection;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * dbit's one long-lived connection, which comes back when the server drops it ({@code KILL}, {@code
 * wait_timeout}, a restarted proxy): a new connection with the same session settings and the same
 * server locks, or a clear error when another run took a lock meanwhile.
 *
 * <p>A connection lost on the way may live on at the server, still working on dbit's last request
 * and holding dbit's locks (the network lost the answer, not the request). Each connection holds a
 * lock named for it alone, so that its successor can tell it is dbit's own and end it ({@code
 * KILL}) before it takes the locks again; a server thread not holding that lock is never touched.
 */
public final class ControlConnection implements Supplier<Connection>, AutoCloseable {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** How long a lost connection that the server still runs may take to end once killed. */
  private static final int END_WAIT_SECONDS = 10;

  /** How often a reconnect lost on its way opens another connection. */
  private static final int REOPENS = 3;

  private final ConnectionFactory factory;
  private String sessionSetup;
  private final List<String> locks = new ArrayList<>();
  private Connection connection;

  /** The lock only the current connection holds, and that connection's server thread id. */
  private String own;

  private long ownThread;

  private ControlConnection(ConnectionFactory factory, String sessionSetup) {
    this.factory = factory;
    this.sessionSetup = sessionSetup;
  }

  /** Opens the connection and applies {@code sessionSetup}; connect failures say what to check. */
  public static ControlConnection open(ConnectionFactory factory, String sessionSetup)
      throws SQLException {
    ControlConnection control = new ControlConnection(factory, sessionSetup);
    // A connection lost while it opens holds nothing yet: another is opened. A server that does
    // not answer at all, or refuses, is explained at once.
    for (int attempt = 1; ; attempt++) {
      try {
        control.connection = factory.open("");
      } catch (SQLException e) {
        if (attempt == REOPENS || !isLoss(e) || e instanceof SilentServer) {
          throw factory.explained(e);
        }
        continue;
      }
      try {
        control.setUp(control.connection);
        return control;
      } catch (SQLException e) {
        control.connection.close();
        if (attempt == REOPENS || !isLoss(e)) {
          throw e;
        }
      }
    }
  }

  /** Whether {@code failure} says the connection is gone (SQL state class 08). */
  public static boolean isLoss(SQLException failure) {
    return failure.getSQLState() != null && failure.getSQLState().startsWith("08");
  }

  /** Applies the session setup on {@code fresh} and takes a lock that names it as this run's. */
  private void setUp(Connection fresh) throws SQLException {
    String lock = "dbit_control_" + UUID.randomUUID().toString().replace("-", "");
    try (Statement statement = fresh.createStatement()) {
      statement.execute(sessionSetup + ";\nDO GET_LOCK('" + lock + "', 0)");
    }
    own = lock;
    ownThread = fresh.unwrap(JdbcConnection.class).getId();
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

  /** {@link #recoverIfLost} for the first {@link SQLException} in {@code failure}'s causes. */
  public boolean recoverIfLostIn(Exception failure) throws SQLException {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql) {
        return recoverIfLost(sql);
      }
    }
    return false;
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
    // Each connection lost on the way may live on at the server: end them all before the locks.
    Map<String, Long> lostOnes = new LinkedHashMap<>(Map.of(own, ownThread));
    for (int attempt = 1; ; attempt++) {
      Connection fresh;
      try {
        fresh = factory.open("");
      } catch (SQLException e) {
        if (attempt < REOPENS && isLoss(e) && !(e instanceof SilentServer)) {
          continue;
        }
        throw new ServerLost(
            factory.serverDescription(),
            ConnectionFactory.firstLine(failure.getMessage()),
            ConnectionFactory.firstLine(e.getMessage()),
            e);
      }
      try {
        setUp(fresh);
        for (Map.Entry<String, Long> lostOne : lostOnes.entrySet()) {
          endIfAlive(fresh, lostOne.getKey(), lostOne.getValue());
        }
        retakeLocks(fresh);
        connection = fresh;
        return true;
      } catch (SQLException e) {
        fresh.close();
        if (attempt >= REOPENS || !isLoss(e)) {
          throw e;
        }
        lostOnes.put(own, ownThread);
      } catch (RuntimeException e) {
        fresh.close();
        throw e;
      }
    }
  }

  private void retakeLocks(Connection fresh) throws SQLException {
    for (String lock : locks) {
      if (ServerLock.tryAcquire(fresh, lock, 0).isEmpty()) {
        throw new IllegalStateException(
            "dbit: the control connection was lost and another run took the lock '"
                + lock
                + "' meanwhile, so this run no longer owns its test schema. Run the builds one"
                + " after the other, or give them different servers.");
      }
    }
  }

  /**
   * Ends the lost connection where the server still runs it ({@code lock}, which only that
   * connection took, is held by {@code thread}), and waits until its locks are free.
   */
  private static void endIfAlive(Connection fresh, String lock, long thread) throws SQLException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(END_WAIT_SECONDS);
    boolean killed = false;
    while (holder(fresh, lock) == thread) {
      if (!killed) {
        LOG.log(
            Level.WARNING,
            "dbit: the lost control connection (server thread "
                + thread
                + ") still runs on the server; ending it");
        try (Statement statement = fresh.createStatement()) {
          statement.execute("KILL CONNECTION " + thread);
        } catch (SQLException e) {
          // Ended meanwhile.
        }
        killed = true;
      }
      if (System.nanoTime() > deadline) {
        throw new SQLException(
            "dbit: the lost control connection (server thread "
                + thread
                + ") did not end within "
                + END_WAIT_SECONDS
                + " s of KILL CONNECTION; look at SHOW PROCESSLIST on the server");
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
    }
  }

  /** The server thread holding {@code lock}; 0 when it is free. */
  private static long holder(Connection connection, String lock) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("SELECT IS_USED_LOCK(?)")) {
      statement.setString(1, lock);
      try (ResultSet rows = statement.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }

  private boolean lost(SQLException failure) {
    if (isLoss(failure)) {
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
