package dev.dbit.internal.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Runs several statements in one round trip on a connection with multi-statement mode (dbit's
 * control connection only) and reads every result, so the driver is ready for the next request.
 */
public final class MultiStatement {
  private MultiStatement() {}

  /** Reads one result set. */
  @FunctionalInterface
  public interface Reader<T> {
    T read(ResultSet rows) throws SQLException;
  }

  /** Runs {@code sql} and drops its results. */
  public static void execute(Connection connection, String sql) throws SQLException {
    executeReadingLast(connection, sql, rows -> null);
  }

  /**
   * A statement of a multi-statement request failed; the server ran none after it. Which one the
   * driver does not say: it reads the whole reply before reporting the error.
   *
   * <p>Keeps the server's SQL state and error code, so that callers can tell a lock wait from a
   * lost connection as for any other failure.
   */
  public static final class StatementFailed extends SQLException {
    private static final long serialVersionUID = 1L;

    StatementFailed(SQLException cause) {
      super(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
    }
  }

  /**
   * Runs {@code sql} and returns what {@code reader} made of its last result set, if any.
   *
   * @throws StatementFailed when one of its statements fails
   */
  public static <T> T executeReadingLast(Connection connection, String sql, Reader<T> reader)
      throws SQLException {
    try (Statement statement = connection.createStatement()) {
      T last = null;
      try {
        boolean isResult = statement.execute(sql);
        while (isResult || statement.getUpdateCount() != -1) {
          if (isResult) {
            try (ResultSet rows = statement.getResultSet()) {
              last = reader.read(rows);
            }
          }
          isResult = statement.getMoreResults();
        }
      } catch (SQLException e) {
        throw new StatementFailed(e);
      }
      return last;
    }
  }
}
