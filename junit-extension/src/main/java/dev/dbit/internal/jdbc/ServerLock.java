package dev.dbit.internal.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A named server-side lock ({@code GET_LOCK}) held by one connection.
 *
 * <p>The server releases it when the connection ends, so a crashed JVM never leaves one behind.
 */
public final class ServerLock implements AutoCloseable {
  private final Connection connection;
  private final String name;

  private ServerLock(Connection connection, String name) {
    this.connection = connection;
    this.name = name;
  }

  /** Waits up to {@code timeoutSeconds} for the lock. */
  public static ServerLock acquire(Connection connection, String name, int timeoutSeconds)
      throws SQLException {
    return tryAcquire(connection, name, timeoutSeconds)
        .orElseThrow(
            () ->
                new SQLException(
                    "dbit: another build held the server lock '"
                        + name
                        + "' for more than "
                        + timeoutSeconds
                        + " s. If no other build is running, the lock is stale: it ends with its"
                        + " connection (see SHOW PROCESSLIST)."));
  }

  /** Takes the lock if it is free within {@code timeoutSeconds} (0: do not wait). */
  public static Optional<ServerLock> tryAcquire(
      Connection connection, String name, int timeoutSeconds) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("SELECT GET_LOCK(?, ?)")) {
      statement.setString(1, name);
      statement.setInt(2, timeoutSeconds);
      try (ResultSet rows = statement.executeQuery()) {
        rows.next();
        return rows.getInt(1) == 1
            ? Optional.of(new ServerLock(connection, name))
            : Optional.empty();
      }
    }
  }

  @Override
  public void close() throws SQLException {
    if (connection.isClosed()) {
      return;
    }
    try (PreparedStatement statement = connection.prepareStatement("SELECT RELEASE_LOCK(?)")) {
      statement.setString(1, name);
      statement.executeQuery().close();
    }
  }
}
