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
 * DROP} and {@code CREATE}, a copying {@code ALTER}. Such statements change rows that no counter,
 * trigger or log row shows, from any connection. The server's count of such statements ({@link
 * dev.dbit.internal.measure.ServerCounters#withTableDdl()}) says when to look; InnoDB gives every
 * table it creates a new, higher id, so the count and the sum of the schema's table ids, read in
 * one cheap query, say whether one of the schema's was. Where the ids cannot be read, any such
 * statement counts as one.
 */
final class TableRecreations {
  /** The query of the ids; empty where this server or user cannot read them. */
  private final Optional<String> sql;

  private long[] baseline;
  private long tableDdl;

  private TableRecreations(Optional<String> sql) {
    this.sql = sql;
  }

  /**
   * The check for {@code schema}; with InnoDB's table ids where this server lists them and the user
   * may read the list ({@code PROCESS} on MariaDB).
   */
  static TableRecreations of(Supplier<Connection> control, String schema) {
    for (String table : InnoDbTables.VIEWS) {
      TableRecreations check =
          new TableRecreations(
              Optional.of(
                  "SELECT COUNT(*), COALESCE(SUM(TABLE_ID), 0) FROM "
                      + table
                      + " WHERE "
                      + InnoDbTables.inSchema(schema)));
      try {
        check.baseline = check.ids(control.get());
        if (check.baseline[0] > 0) {
          return check;
        }
      } catch (SQLException e) {
        // Not this server's name for it, or no privilege to read it.
      }
    }
    return new TableRecreations(Optional.empty());
  }

  /** Whether InnoDB's table ids can be read, so that a statement elsewhere is told apart. */
  boolean readable() {
    return sql.isPresent();
  }

  /**
   * Whether a table of the schema may have been created again, asked (one request) only when the
   * server's count of such statements moved from the last one given: {@code tableDdl}.
   */
  boolean since(Connection control, long tableDdl) throws SQLException {
    if (tableDdl == this.tableDdl) {
      return false;
    }
    this.tableDdl = tableDdl;
    return sql.isEmpty() || !Arrays.equals(ids(control), baseline);
  }

  /**
   * Takes the ids now and {@code tableDdl} as the new baseline; call before probing every table.
   */
  void rebase(Connection control, long tableDdl) throws SQLException {
    this.tableDdl = tableDdl;
    if (sql.isPresent()) {
      baseline = ids(control);
    }
  }

  private long[] ids(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows = statement.executeQuery(sql.orElseThrow())) {
      rows.next();
      return new long[] {rows.getLong(1), rows.getLong(2)};
    }
  }
}
