package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import dev.dbit.internal.jdbc.MultiStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * MariaDB's user and table statistics ({@code userstat=ON}) read in one statement: how many rows
 * every user changed and how many statements they ran, and per table how many rows changed.
 *
 * <p>On MariaDB 11.4, table counters move when a statement ends (rolled-back writes and trigger
 * writes included, foreign-key cascades not); user counters move when a client request ends, so a
 * read at the end of a multi-statement request does not yet see that request. Writes made under
 * {@code LOCK TABLES} reach the user counters but never the table counters, which is how dbit
 * notices them. The busy time these statistics also keep is not read: it is not a test's server SQL
 * time (docs/stall-guard.md).
 */
final class ServerStatistics {
  private static final String TOTALS_COLUMNS =
      "COALESCE(SUM(ROWS_INSERTED + ROWS_UPDATED + ROWS_DELETED), 0),"
          + " COALESCE(SUM(SELECT_COMMANDS + UPDATE_COMMANDS + OTHER_COMMANDS), 0)";

  /** The totals alone: rows changed, statements. */
  static final String TOTALS_SQL =
      "SELECT " + TOTALS_COLUMNS + " FROM information_schema.USER_STATISTICS";

  private ServerStatistics() {}

  /**
   * One reading.
   *
   * @param rows rows changed by all users
   * @param statements statements run by all users
   * @param openTransactions transactions holding locks or changes, other than the reader's
   * @param tables rows changed per table of the test schema; empty when only totals were read
   * @param otherRows rows changed in all other schemas
   */
  record Reading(
      long rows, long statements, long openTransactions, Map<String, Long> tables, long otherRows) {

    long tableRows() {
      return tables.values().stream().mapToLong(Long::longValue).sum() + otherRows;
    }

    long table(String name) {
      return tables.getOrDefault(name, 0L);
    }
  }

  /**
   * The totals plus open transactions plus the per-table counters of {@code schema}, one statement.
   *
   * @param afterCleanup read at the end of dbit's own cleanup request: no count of open
   *     transactions, which only the end of a test asks for
   */
  static String fullSql(String schema, boolean afterCleanup) {
    return "SELECT NULL, "
        + TOTALS_COLUMNS
        + ", "
        + (afterCleanup ? "0" : OpenTransactions.COUNT_SQL)
        + " FROM information_schema.USER_STATISTICS UNION ALL SELECT IF(TABLE_SCHEMA = "
        + literal(schema)
        + ", TABLE_NAME, '') AS t, SUM(ROWS_CHANGED), 0, 0 FROM"
        + " information_schema.TABLE_STATISTICS GROUP BY t";
  }

  static Reading readTotals(Connection control) throws SQLException {
    return MultiStatement.executeReadingLast(control, TOTALS_SQL, ServerStatistics::readTotals);
  }

  private static Reading readTotals(ResultSet rows) throws SQLException {
    rows.next();
    return new Reading(rows.getLong(1), rows.getLong(2), 0, Map.of(), 0);
  }

  /** Parses the result of {@link #fullSql}. */
  static Reading readFull(ResultSet rows) throws SQLException {
    long userRows = 0;
    long statements = 0;
    long open = 0;
    long otherRows = 0;
    Map<String, Long> tables = new HashMap<>();
    while (rows.next()) {
      String table = rows.getString(1);
      if (table == null) {
        userRows = rows.getLong(2);
        statements = rows.getLong(3);
        open = rows.getLong(4);
      } else if (table.isEmpty()) {
        otherRows = rows.getLong(2);
      } else {
        tables.put(table, rows.getLong(2));
      }
    }
    return new Reading(userRows, statements, open, Map.copyOf(tables), otherRows);
  }

  /** True when the server has {@code userstat} on, so that these counters move. */
  static boolean enabled(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES WHERE"
                    + " VARIABLE_NAME = 'USERSTAT'")) {
      return rows.next() && "ON".equalsIgnoreCase(rows.getString(1));
    } catch (SQLException e) {
      // MySQL: no userstat.
      return false;
    }
  }
}
