package dev.dbit.internal.measure;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Reads the server's statement counters on the control connection, net of the control connection's
 * own statements, in one round trip.
 *
 * <p>{@code Questions}: global minus this session's, so dbit's snapshots and resets never count.
 * SQL time: performance_schema's global statement timer minus the control thread's, when
 * performance_schema is on. Both include connections dbit did not hand out. On request ({@link
 * #withTableDdl()}), in the same statements: the statements that can create a table again ({@code
 * TRUNCATE}, {@code DROP}, {@code CREATE}, {@code ALTER}, {@code RENAME}), net of the control
 * connection's own.
 */
public final class ServerCounters {
  /**
   * The performance_schema statement events whose time is a client's SQL: text statements ({@code
   * statement/sql/...}) and the commands of server-side prepared statements, whose execution the
   * server files under {@code statement/com/Execute}, not under the statement's kind. Statements
   * inside stored programs are left out: their time is part of the {@code CALL}'s. So are the other
   * commands: a binary log dump (dbit's own log reader) is one event that lasts as long as its
   * connection.
   */
  private static final String STATEMENT_EVENTS =
      "(EVENT_NAME LIKE 'statement/sql/%' OR EVENT_NAME IN ('statement/com/Execute',"
          + " 'statement/com/Prepare', 'statement/com/Fetch', 'statement/com/Close stmt',"
          + " 'statement/com/Reset stmt', 'statement/com/Long Data', 'statement/com/Bulk_execute'))";

  private static final String QUESTIONS = "questions";

  /** Status counters of statements that can create a table again. */
  private static final List<String> TABLE_DDL =
      List.of(
          "Com_alter_table",
          "Com_create_index",
          "Com_create_table",
          "Com_drop_db",
          "Com_drop_index",
          "Com_drop_table",
          "Com_rename_table",
          "Com_truncate");

  private static final String NAMES =
      "('Questions', "
          + TABLE_DDL.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "))
          + ")";

  /** performance_schema's statement timer net of the control thread; empty when it is off. */
  private final String timerSql;

  private final boolean tableDdl;
  private final String sql;

  private ServerCounters(String timerSql, boolean tableDdl) {
    this.timerSql = timerSql;
    this.tableDdl = tableDdl;
    String filter = tableDdl ? "WHERE Variable_name IN " + NAMES : "LIKE 'Questions'";
    this.sql =
        "SHOW GLOBAL STATUS "
            + filter
            + ";\nSHOW SESSION STATUS "
            + filter
            + (timerSql.isEmpty() ? "" : ";\n" + timerSql);
  }

  /**
   * One reading.
   *
   * @param questions net {@code Questions}
   * @param statementPicos net statement time in picoseconds, when performance_schema is on
   * @param tableDdl net count of statements that can create a table again; 0 where not read
   * @param timedStatements net count of the statements and commands whose time performance_schema
   *     has added to its totals, where dbit reads them
   * @param replying requests of other connections the server has answered or is running but not yet
   *     added to these counters, where dbit reads them (MariaDB's user statistics)
   */
  public record Reading(
      long questions,
      OptionalLong statementPicos,
      long tableDdl,
      OptionalLong timedStatements,
      long replying) {
    public Reading(long questions, OptionalLong statementPicos) {
      this(questions, statementPicos, 0, OptionalLong.empty(), 0);
    }

    /**
     * Whether the server had added the time of every statement it started since {@code start} to
     * its totals. MySQL and MariaDB answer a statement before they add its time, so a reading taken
     * right after a test can miss the test's last statement, and by milliseconds on a busy machine.
     * On MySQL, {@code Questions} counts a statement when it starts: the totals must hold as many,
     * counting only what {@code Questions} counts (a prepare or close counted in their place let a
     * busy machine's reading miss a server-side prepared execution). On MariaDB, no other
     * connection may be between its answer and its sleep.
     */
    public boolean timedEverything(Reading start) {
      return replying == 0
          && (timedStatements.isEmpty()
              || start.timedStatements.isEmpty()
              || timedStatements.getAsLong() - start.timedStatements.getAsLong()
                  >= questions - start.questions);
    }
  }

  /** Inspects the server once: is performance_schema on, which thread is the control connection. */
  public static ServerCounters on(Connection control) throws SQLException {
    try (Statement statement = control.createStatement()) {
      boolean enabled;
      try (ResultSet rows = statement.executeQuery("SELECT @@performance_schema")) {
        rows.next();
        enabled = rows.getBoolean(1);
      }
      Optional<OptionalLong> thread = enabled ? ControlThread.find(control) : Optional.empty();
      String timer = thread.isPresent() ? statementTotalsSql(thread.get()) : "";
      return new ServerCounters(timer, false);
    }
  }

  /**
   * The commands {@code Questions} leaves out (prepare, close and reset of a server-side prepared
   * statement, ping, statistics). Counted as timed, they let the totals of a test that used
   * server-side prepared statements look complete while its last execution was not yet in them.
   */
  private static final String UNASKED_COMMANDS =
      "EVENT_NAME IN ('statement/com/Prepare', 'statement/com/Close stmt',"
          + " 'statement/com/Reset stmt', 'statement/com/Ping', 'statement/com/Statistics')";

  /**
   * A query for performance_schema's statement totals net of {@code controlThread}'s own, when
   * given (else all the server counts): {@code picos}, the time of client statements ({@link
   * #STATEMENT_EVENTS}), and {@code timed}, how many statements and commands those totals hold that
   * {@code Questions} counts too.
   */
  public static String statementTotalsSql(OptionalLong controlThread) {
    String all = totalsOf("events_statements_summary_global_by_event_name", "");
    if (controlThread.isEmpty()) {
      return all;
    }
    return "SELECT g.picos - c.picos AS picos, g.timed - c.timed AS timed FROM ("
        + all
        + ") g, ("
        + totalsOf(
            "events_statements_summary_by_thread_by_event_name",
            "THREAD_ID = " + controlThread.getAsLong() + " AND ")
        + ") c";
  }

  private static String totalsOf(String table, String where) {
    return "SELECT COALESCE(SUM(IF("
        + STATEMENT_EVENTS
        + ", SUM_TIMER_WAIT, 0)), 0) AS picos, COALESCE(SUM(IF("
        + UNASKED_COMMANDS
        + ", 0, COUNT_STAR)), 0) AS timed FROM"
        + " performance_schema."
        + table
        + " WHERE "
        + where
        + "(EVENT_NAME LIKE 'statement/sql/%' OR EVENT_NAME LIKE 'statement/com/%')";
  }

  /**
   * The same counters and, in {@link Reading#tableDdl()}, the statements that can create a table
   * again (the status list is filtered twice, so a reading costs more: use it where needed).
   */
  public ServerCounters withTableDdl() {
    return new ServerCounters(timerSql, true);
  }

  public boolean performanceSchema() {
    return !timerSql.isEmpty();
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
    private final long[][] values = new long[2][];
    private long picos;
    private long timed;
    private int taken;

    private Collector() {}

    /** True until every result set of the reading is taken. */
    public boolean wants() {
      return taken < (performanceSchema() ? 3 : 2);
    }

    /** Takes the next result set of the reading. */
    public void take(ResultSet rows) throws SQLException {
      if (taken < 2) {
        values[taken] = status(rows);
      } else {
        try (rows) {
          rows.next();
          picos = rows.getLong(1);
          timed = rows.getLong(2);
        }
      }
      taken++;
    }

    /** The reading; fails before every result set was taken. */
    public Reading reading() {
      if (wants()) {
        throw new IllegalStateException("dbit: the counters' reading is incomplete");
      }
      return new Reading(
          values[0][0] - values[1][0],
          performanceSchema() ? OptionalLong.of(picos) : OptionalLong.empty(),
          values[0][1] - values[1][1],
          performanceSchema() ? OptionalLong.of(timed) : OptionalLong.empty(),
          0);
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
    Collector collector = collector();
    collector.take(statement.getResultSet());
    while (collector.wants()) {
      statement.getMoreResults();
      collector.take(statement.getResultSet());
    }
    return collector.reading();
  }

  /** {@code Questions} and the sum of the table DDL counters, from one {@code SHOW STATUS}. */
  private static long[] status(ResultSet rows) throws SQLException {
    long[] values = new long[2];
    try (rows) {
      while (rows.next()) {
        boolean questions = rows.getString(1).toLowerCase(Locale.ROOT).equals(QUESTIONS);
        values[questions ? 0 : 1] += rows.getLong(2);
      }
    }
    return values;
  }
}
