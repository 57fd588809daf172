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
 * every user changed, how many statements they ran and how long the server was busy with them, and
 * per table how many rows changed.
 *
 * <p>On MariaDB 11.4, table counters move when a statement ends (rolled-back writes and trigger
 * writes included, foreign-key cascades not); user counters move when a client request ends, so a
 * read at the end of a multi-statement request does not yet see that request. Writes made under
 * {@code LOCK TABLES} reach the user counters but never the table counters, which is how dbit
 * notices them. Reading the totals costs about one round trip; with the table counters, two.
 */
final class ServerStatistics {
  private static final String TOTALS_COLUMNS =
      "COALESCE(SUM(ROWS_INSERTED + ROWS_UPDATED + ROWS_DELETED), 0),"
          + " COALESCE(SUM(SELECT_COMMANDS + UPDATE_COMMANDS + OTHER_COMMANDS), 0),"
          + " COALESCE(SUM(BUSY_TIME), 0)";

  /**
   * The statement each request that starts a test ends with. MariaDB credits a request's busy time
   * by its last statement alone (each statement of a multi-statement request restarts the clock),
   * so a request that ends with this one adds a few microseconds to the busy time, whatever it ran
   * before: the reading that starts a test adds next to nothing to the test's server SQL time. (A
   * request that ends a test needs none: the server credits it before the next test starts.)
   */
  static final String LAST = "DO 0";

  /** The totals alone: rows changed, statements, busy time; then {@link #LAST}. */
  static final String TOTALS_SQL =
      "SELECT " + TOTALS_COLUMNS + " FROM information_schema.USER_STATISTICS;\n" + LAST;

  /**
   * Other connections' requests between their answer and their statistics: MariaDB shows a request
   * as "Updating status" from just before it answers until after it counted it. performance_schema
   * shows it for about the cost of {@code SELECT 1}; information_schema's list, where
   * performance_schema is off, costs more (docs/reset.md).
   */
  static String replyingSql(boolean performanceSchema) {
    return performanceSchema
        ? "(SELECT COUNT(*) FROM performance_schema.threads WHERE PROCESSLIST_ID <> CONNECTION_ID()"
            + " AND PROCESSLIST_STATE = 'Updating status')"
        : "(SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() AND"
            + " STATE = 'Updating status')";
  }

  private ServerStatistics() {}

  /**
   * One reading.
   *
   * @param rows rows changed by all users
   * @param statements statements run by all users
   * @param busy the server's busy time for all users, in the server's unit
   * @param openTransactions transactions holding locks or changes, other than the reader's
   * @param tables rows changed per table of the test schema; empty when only totals were read
   * @param otherRows rows changed in all other schemas
   * @param replying other connections' requests answered but not yet counted: MariaDB adds a
   *     request to these counters after answering it, so a reading can miss one that the client
   *     already has the answer of; read at the end of a test only
   */
  record Reading(
      long rows,
      long statements,
      double busy,
      long openTransactions,
      Map<String, Long> tables,
      long otherRows,
      long replying) {

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
   * @param replyingSql {@link #replyingSql} at the end of a test, else {@code "0"}
   */
  static String fullSql(String schema, boolean afterCleanup, String replyingSql) {
    return "SELECT NULL, "
        + TOTALS_COLUMNS
        + ", "
        + (afterCleanup ? "0" : OpenTransactions.COUNT_SQL)
        + ", "
        + replyingSql
        + " FROM information_schema.USER_STATISTICS UNION ALL SELECT IF(TABLE_SCHEMA = "
        + literal(schema)
        + ", TABLE_NAME, '') AS t, SUM(ROWS_CHANGED), 0, 0, 0, 0 FROM"
        + " information_schema.TABLE_STATISTICS GROUP BY t";
  }

  static Reading readTotals(Connection control) throws SQLException {
    return MultiStatement.executeReadingLast(control, TOTALS_SQL, ServerStatistics::readTotals);
  }

  private static Reading readTotals(ResultSet rows) throws SQLException {
    rows.next();
    return new Reading(rows.getLong(1), rows.getLong(2), rows.getDouble(3), 0, Map.of(), 0, 0);
  }

  /** Parses the result of {@link #fullSql}. */
  static Reading readFull(ResultSet rows) throws SQLException {
    long userRows = 0;
    long statements = 0;
    double busy = 0;
    long open = 0;
    long otherRows = 0;
    long replying = 0;
    Map<String, Long> tables = new HashMap<>();
    while (rows.next()) {
      String table = rows.getString(1);
      if (table == null) {
        userRows = rows.getLong(2);
        statements = rows.getLong(3);
        busy = rows.getDouble(4);
        open = rows.getLong(5);
        replying = rows.getLong(6);
      } else if (table.isEmpty()) {
        otherRows = rows.getLong(2);
      } else {
        tables.put(table, rows.getLong(2));
      }
    }
    return new Reading(userRows, statements, busy, open, Map.copyOf(tables), otherRows, replying);
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
