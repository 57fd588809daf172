package dev.dbit.internal.measure;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * dbit's control connection in performance_schema: kept out of the statement totals where its user
 * may, so that no reading needs to subtract it, or its thread, whose totals a reading subtracts.
 */
public final class ControlThread {
  /**
   * Keeps a connection's own statements out of performance_schema's totals ({@code
   * threads.INSTRUMENTED = 'NO'}), where the server has them and lets the user change it; on MySQL
   * 8.0 that saves a third of the reading that ends a test (docs/benchmark.md, {@code
   * reading-parts}). Sent on every (re)connect of the control connection.
   */
  public static final String UNCOUNTED =
      "UPDATE performance_schema.threads SET INSTRUMENTED = 'NO' WHERE PROCESSLIST_ID ="
          + " CONNECTION_ID()";

  private ControlThread() {}

  /**
   * The performance_schema thread of {@code control} when the server counts its statements (they
   * must be subtracted); empty when it does not ({@link #UNCOUNTED}) or has no such thread.
   */
  public static OptionalLong counted(Connection control) throws SQLException {
    return find(control).orElse(OptionalLong.empty());
  }

  /**
   * One look at {@code control}'s thread: empty when performance_schema has none; else its id when
   * the server counts its statements, or empty inside when it does not.
   */
  static Optional<OptionalLong> find(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT THREAD_ID, INSTRUMENTED FROM performance_schema.threads WHERE"
                    + " PROCESSLIST_ID = CONNECTION_ID()")) {
      if (!rows.next()) {
        return Optional.empty();
      }
      return Optional.of(
          "YES".equals(rows.getString(2))
              ? OptionalLong.of(rows.getLong(1))
              : OptionalLong.empty());
    }
  }
}
