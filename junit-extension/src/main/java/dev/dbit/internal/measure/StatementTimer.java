package dev.dbit.internal.measure;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads performance_schema's statement totals of the connections dbit opened for a worker's tests
 * ({@link TestConnections}), as part of the readings dbit takes between tests anyway. Only those
 * connections are summed: dbit's control connection (resets, probes, readings), other workers'
 * tests and connections dbit did not open stay out of a test's server SQL time by construction.
 */
public final class StatementTimer {
  /**
   * The performance_schema statement events whose time is a client's SQL: text statements ({@code
   * statement/sql/...}) and the commands of server-side prepared statements, whose execution the
   * server files under {@code statement/com/Execute}, not under the statement's kind. Statements
   * inside stored programs are left out: their time is part of the {@code CALL}'s.
   */
  private static final String STATEMENT_EVENTS =
      "(s.EVENT_NAME LIKE 'statement/sql/%' OR s.EVENT_NAME IN ('statement/com/Execute',"
          + " 'statement/com/Prepare', 'statement/com/Fetch', 'statement/com/Close stmt',"
          + " 'statement/com/Reset stmt', 'statement/com/Long Data', 'statement/com/Bulk_execute'))";

  /**
   * The commands no JDBC execution stands for (prepare, close and reset of a server-side prepared
   * statement, ping, statistics): counted as timed, they would let the totals of a test look
   * complete while its last execution was not yet in them.
   */
  private static final String UNASKED_COMMANDS =
      "s.EVENT_NAME IN ('statement/com/Prepare', 'statement/com/Close stmt',"
          + " 'statement/com/Reset stmt', 'statement/com/Ping', 'statement/com/Statistics')";

  /**
   * The events counted as timed: those whose time {@link #STATEMENT_EVENTS} sums, less those no
   * JDBC execution stands for. An event of another name is in neither the time nor the count, so
   * the totals never look complete while a statement's time is missing from them.
   */
  private static final String TIMED_EXECUTIONS = STATEMENT_EVENTS + " AND NOT " + UNASKED_COMMANDS;

  private final TestConnections connections;

  /** The offset to the live connections' totals when {@link #sql()} last listed them. */
  private TestConnections.Offset offsetAtSql = new TestConnections.Offset(0, 0, 0, 0);

  public StatementTimer(TestConnections connections) {
    this.connections = connections;
  }

  /**
   * A one-row query of five columns: the time of client statements in picoseconds, how many
   * statements those totals hold ({@link StatementTime#timed()}), the connections asked for (their
   * performance_schema thread ids, comma-separated), how many of them the server has totals for (a
   * connection whose thread is gone or not instrumented leaves the time unknown; each has at least
   * its opening reading), and how many of them have a statement the server has not yet ended
   * (answered, not yet added to the totals).
   */
  public String sql() {
    TestConnections.Snapshot now = connections.snapshot();
    offsetAtSql = now.offset();
    String ids = now.live().stream().map(String::valueOf).collect(Collectors.joining(","));
    String threads = ids.isEmpty() ? "NULL" : ids;
    // Thread ids as literals: MariaDB's performance_schema tables have no index to look them up by.
    return "SELECT COALESCE(SUM(IF("
        + STATEMENT_EVENTS
        + ", s.SUM_TIMER_WAIT, 0)), 0) AS picos, COALESCE(SUM(IF("
        + TIMED_EXECUTIONS
        + ", s.COUNT_STAR, 0)), 0) AS timed, '"
        + ids
        + "' AS asked, COUNT(DISTINCT s.THREAD_ID) AS found, (SELECT COUNT(*) FROM"
        + " performance_schema.events_statements_current c WHERE c.END_EVENT_ID IS NULL AND"
        + " c.THREAD_ID IN ("
        + threads
        + ")) AS running FROM performance_schema.events_statements_summary_by_thread_by_event_name"
        + " s WHERE s.COUNT_STAR > 0 AND s.THREAD_ID IN ("
        + threads
        + ")";
  }

  /**
   * The totals of the connection that runs it, in {@link #sql()}'s first two columns, and its
   * performance_schema thread id: what a connection of dbit's reads when it opens and just before
   * it closes ({@link TestConnections}).
   */
  static String ownTotalsSql() {
    String thread =
        "(SELECT THREAD_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID())";
    return "SELECT COALESCE(SUM(IF("
        + STATEMENT_EVENTS
        + ", s.SUM_TIMER_WAIT, 0)), 0), COALESCE(SUM(IF("
        + TIMED_EXECUTIONS
        + ", s.COUNT_STAR, 0)), 0), "
        + thread
        + " FROM performance_schema.events_statements_summary_by_thread_by_event_name s WHERE"
        + " s.COUNT_STAR > 0 AND s.THREAD_ID = "
        + thread;
  }

  /**
   * Parses the current row of the last {@link #sql()}'s result, its first column at {@code first};
   * a reading taken while a test connection was closing counts as one with a statement running.
   */
  public Optional<StatementTime> parse(ResultSet rows, int first) throws SQLException {
    return StatementTime.parse(rows, first, offsetAtSql, connections.settledSince(offsetAtSql));
  }
}
