package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.measure.StatementTimer;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The measurement part of a reading on a server with performance_schema, one row of seven columns:
 * NULL (so that it can head a union with per-table rows), {@code Questions} net of the control
 * connection's own, open transactions, then the four columns of {@link StatementTimer#sql()}.
 */
final class MeasurementRow {
  /** Columns of a row, for the rows a union adds below it. */
  static final int COLUMNS = 7;

  private MeasurementRow() {}

  /** The query, with the connections {@code timer} sums right now. */
  static String sql(StatementTimer timer) {
    return "SELECT NULL, (SELECT VARIABLE_VALUE FROM performance_schema.global_status WHERE"
        + " VARIABLE_NAME = 'Questions') - (SELECT VARIABLE_VALUE FROM"
        + " performance_schema.session_status WHERE VARIABLE_NAME = 'Questions'), "
        + OpenTransactions.COUNT_SQL
        + ", s.* FROM ("
        + timer.sql()
        + ") s";
  }

  /** The counters in the current row of {@code rows}, a row of {@link #sql}. */
  static ServerCounters.Reading counters(ResultSet rows, StatementTimer timer) throws SQLException {
    return new ServerCounters.Reading(rows.getLong(2), timer.parse(rows, 4), 0);
  }

  /** The open transactions in the current row of {@code rows}. */
  static long openTransactions(ResultSet rows) throws SQLException {
    return rows.getLong(3);
  }
}
