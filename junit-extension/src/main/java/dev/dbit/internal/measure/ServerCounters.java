package dev.dbit.internal.measure;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;

/**
 * Reads the server's statement counters on the control connection, net of the control connection's
 * own statements, in one round trip.
 *
 * <p>{@code Questions}: global minus this session's, so dbit's snapshots and resets never count.
 * SQL time: performance_schema's global statement timer minus the control thread's, when
 * performance_schema is on. Both include connections dbit did not hand out.
 */
public final class ServerCounters {
  private static final String SQL_EVENTS = "EVENT_NAME LIKE 'statement/sql/%'";

  private final String sql;
  private final boolean performanceSchema;

  private ServerCounters(String sql, boolean performanceSchema) {
    this.sql = sql;
    this.performanceSchema = performanceSchema;
  }

  /**
   * One reading.
   *
   * @param questions net {@code Questions}
   * @param statementPicos net statement time in picoseconds, when performance_schema is on
   */
  public record Reading(long questions, OptionalLong statementPicos) {}

  /** Inspects the server once: is performance_schema on, which thread is the control connection. */
  public static ServerCounters on(Connection control) throws SQLException {
    long controlThread = -1;
    try (Statement statement = control.createStatement()) {
      boolean enabled;
      try (ResultSet rows = statement.executeQuery("SELECT @@performance_schema")) {
        rows.next();
        enabled = rows.getBoolean(1);
      }
      if (enabled) {
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT THREAD_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID()")) {
          enabled = rows.next();
          controlThread = enabled ? rows.getLong(1) : -1;
        }
      }
      String sql = "SHOW GLOBAL STATUS LIKE 'Questions';\nSHOW SESSION STATUS LIKE 'Questions'";
      if (enabled) {
        sql +=
            ";\nSELECT (SELECT COALESCE(SUM(SUM_TIMER_WAIT), 0) FROM"
                + " performance_schema.events_statements_summary_global_by_event_name WHERE "
                + SQL_EVENTS
                + ") - (SELECT COALESCE(SUM(SUM_TIMER_WAIT), 0) FROM"
                + " performance_schema.events_statements_summary_by_thread_by_event_name WHERE"
                + " THREAD_ID = "
                + controlThread
                + " AND "
                + SQL_EVENTS
                + ")";
      }
      return new ServerCounters(sql, enabled);
    }
  }

  public boolean performanceSchema() {
    return performanceSchema;
  }

  /**
   * The statements of one reading, for a request that takes their results with a {@link Collector}.
   */
  public String sql() {
    return sql;
  }

  /** A collector for the result sets of {@link #sql()}, taken one at a time, in order. */
  public Collector collector() {
    return new Collector();
  }

  /** Takes the result sets of one reading inside a longer request. */
  public final class Collector {
    private final long[] values = new long[3];
    private int taken;

    private Collector() {}

    /** True until every result set of the reading is taken. */
    public boolean wants() {
      return taken < (performanceSchema ? 3 : 2);
    }

    /** Takes the next result set of the reading. */
    public void take(ResultSet rows) throws SQLException {
      rows.next();
      values[taken] = rows.getLong(taken < 2 ? 2 : 1);
      taken++;
    }

    /** The reading; fails before every result set was taken. */
    public Reading reading() {
      if (wants()) {
        throw new IllegalStateException("dbit: the counters' reading is incomplete");
      }
      return new Reading(
          values[0] - values[1],
          performanceSchema ? OptionalLong.of(values[2]) : OptionalLong.empty());
    }
  }

  /** Reads the counters; the control connection must have multi-statement mode. */
  public Reading read(Connection control) throws SQLException {
    try (Statement statement = control.createStatement()) {
      statement.execute(sql);
      return read(statement);
    }
  }

  /**
   * Reads the counters at the head of a request that goes on with {@code more}, so that the reading
   * costs no round trip of its own; leaves {@code statement} on the first result of {@code more}.
   */
  public Reading readBefore(Statement statement, String more) throws SQLException {
    statement.execute(sql + ";\n" + more);
    Reading reading = read(statement);
    statement.getMoreResults();
    return reading;
  }

  /** Reads the results of {@code sql}, the current one being the first of them. */
  private Reading read(Statement statement) throws SQLException {
    long global = secondColumn(statement.getResultSet());
    statement.getMoreResults();
    long session = secondColumn(statement.getResultSet());
    OptionalLong picos = OptionalLong.empty();
    if (performanceSchema) {
      statement.getMoreResults();
      try (ResultSet rows = statement.getResultSet()) {
        rows.next();
        picos = OptionalLong.of(rows.getLong(1));
      }
    }
    return new Reading(global - session, picos);
  }

  private static long secondColumn(ResultSet rows) throws SQLException {
    try (rows) {
      rows.next();
      return rows.getLong(2);
    }
  }
}
