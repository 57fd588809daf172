package dev.dbit.internal.reset;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Whether any InnoDB table of a schema was created again since a baseline: {@code TRUNCATE}, {@code
 * DROP} and {@code CREATE}, a copying {@code ALTER}. Such statements change rows without moving the
 * row-operation counters; InnoDB gives every table it creates a new, higher id, so the count and
 * the sum of the schema's table ids, read in one cheap query, show them. It replaces checksumming
 * every reference table between tests, which costs a scan of each.
 */
final class TableRecreations {
  private final String sql;
  private long[] baseline;
  private long[] lastRead;

  private TableRecreations(String sql) {
    this.sql = sql;
  }

  /**
   * The check for {@code schema}, when this server lists InnoDB's tables and the user may read the
   * list ({@code PROCESS} on MariaDB).
   */
  static Optional<TableRecreations> ifReadable(Supplier<Connection> control, String schema) {
    for (String table : InnoDbTables.VIEWS) {
      TableRecreations check =
          new TableRecreations(
              "SELECT COUNT(*), COALESCE(SUM(TABLE_ID), 0) FROM "
                  + table
                  + " WHERE "
                  + InnoDbTables.inSchema(schema));
      try {
        check.rebase(control.get());
        if (check.baseline[0] > 0) {
          return Optional.of(check);
        }
      } catch (SQLException e) {
        // Not this server's name for it, or no privilege to read it.
      }
    }
    return Optional.empty();
  }

  String sql() {
    return sql;
  }

  /**
   * Reads the result of {@link #sql()}: true when no table was created again since the baseline.
   */
  boolean unchanged(ResultSet rows) throws SQLException {
    lastRead = read(rows);
    return Arrays.equals(lastRead, baseline);
  }

  /** Reads the ids now: true when no table was created again since the baseline. */
  boolean unchanged(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      return unchanged(rows);
    }
  }

  /**
   * Takes the last reading as the baseline: call before probing every table, so that a table
   * created again after that reading shows at the next one.
   */
  void acceptLastRead() {
    if (lastRead != null) {
      baseline = lastRead;
    }
  }

  /** Takes the ids now as the new baseline; call before probing every table. */
  void rebase(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      baseline = read(rows);
    }
  }

  private static long[] read(ResultSet rows) throws SQLException {
    rows.next();
    return new long[] {rows.getLong(1), rows.getLong(2)};
  }
}
