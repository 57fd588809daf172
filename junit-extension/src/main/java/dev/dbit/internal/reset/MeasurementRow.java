package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;

/**
 * The measurement part of a reading on a server with performance_schema, one row: NULL (so that it
 * can head a union with per-table rows), {@code Questions} and statement time net of the control
 * connection's own, open transactions, and how many statements the time holds ({@link
 * ServerCounters.Reading#timedStatements()}).
 */
final class MeasurementRow {
  private MeasurementRow() {}

  /**
   * The query; {@code controlThread} is the control connection's thread where the server counts its
   * statements ({@link dev.dbit.internal.measure.ControlThread#counted}).
   */
  static String sql(OptionalLong controlThread) {
    return "SELECT NULL, (SELECT VARIABLE_VALUE FROM performance_schema.global_status WHERE"
        + " VARIABLE_NAME = 'Questions') - (SELECT VARIABLE_VALUE FROM"
        + " performance_schema.session_status WHERE VARIABLE_NAME = 'Questions'), s.picos, "
        + OpenTransactions.COUNT_SQL
        + ", s.timed FROM ("
        + ServerCounters.statementTotalsSql(controlThread)
        + ") s";
  }

  /** The counters in the current row of {@code rows}. */
  static ServerCounters.Reading counters(ResultSet rows) throws SQLException {
    return new ServerCounters.Reading(
        rows.getLong(2), OptionalLong.of(rows.getLong(3)), 0, OptionalLong.of(rows.getLong(5)), 0);
  }

  /** The open transactions in the current row of {@code rows}. */
  static long openTransactions(ResultSet rows) throws SQLException {
    return rows.getLong(4);
  }
}
