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

  /** Runs {@code sql} and returns what {@code reader} made of its last result set, if any. */
  public static <T> T executeReadingLast(Connection connection, String sql, Reader<T> reader)
      throws SQLException {
    try (Statement statement = connection.createStatement()) {
      T last = null;
      boolean isResult = statement.execute(sql);
      while (isResult || statement.getUpdateCount() != -1) {
        if (isResult) {
          try (ResultSet rows = statement.getResultSet()) {
            last = reader.read(rows);
          }
        }
        isResult = statement.getMoreResults();
      }
      return last;
    }
  }
}
