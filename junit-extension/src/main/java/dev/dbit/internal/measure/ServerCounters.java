package dev.dbit.internal.measure;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The measurement a reset carries in its own requests, on the control connection: {@code Questions}
 * net of the control connection's own, and, where performance_schema is on, the statement totals of
 * the connections dbit opened for tests ({@link StatementTimer}). Where performance_schema is on it
 * is one {@code SELECT}; else two {@code SHOW STATUS}.
 *
 * <p>{@code Questions} counts every connection of the server, including those dbit did not hand
 * out. On request, in the same reading: the statements that can create a table again ({@code
 * TRUNCATE}, {@code DROP}, {@code CREATE}, {@code ALTER}, {@code RENAME}), net of the control
 * connection's own ({@link #withTableDdl()}), and the transactions of other connections that hold
 * locks or changes ({@link #withOpenTransactions()}).
 */
public final class ServerCounters {
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

  /** Transactions of other connections holding locks or changes. */
  private static final String OPEN_TRANSACTIONS_SQL =
      "(SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id <>"
          + " CONNECTION_ID() AND (trx_rows_locked > 0 OR trx_rows_modified > 0 OR"
          + " trx_tables_locked > 0))";

  /** The statement timer; empty when performance_schema is off. */
  private final Optional<StatementTimer> timer;

  private final boolean tableDdl;
  private final boolean open;

  /** The reading but for the timer's part, which names the connections of the moment. */
  private final String statusSql;

  private ServerCounters(Optional<StatementTimer> timer, boolean tableDdl, boolean open) {
    this.timer = timer;
    this.tableDdl = tableDdl;
    this.open = open;
    this.statusSql = statusSql();
  }

  /**
   * One reading.
   *
   * @param questions net {@code Questions}
   * @param time the statement totals of the connections dbit opened for tests, when known
   * @param tableDdl net count of statements that can create a table again; 0 where not read
   * @param openTransactions transactions of other connections holding locks or changes; 0 where not
   *     read
   */
  public record Reading(
      long questions, Optional<StatementTime> time, long tableDdl, long openTransactions) {}

  /** Whether the server has performance_schema on, so that it times statements. */
  public static boolean performanceSchemaOn(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows = statement.executeQuery("SELECT @@performance_schema")) {
      rows.next();
      return rows.getBoolean(1);
    }
  }

  /**
   * The counters; {@code timed}: performance_schema is on ({@link #performanceSchemaOn}), and the
   * statements of {@code connections} are timed.
   */
  public static ServerCounters of(boolean timed, TestConnections connections) {
    return new ServerCounters(
        timed ? Optional.of(new StatementTimer(connections)) : Optional.empty(), false, false);
  }

  /** The same counters and the count of statements that can create a table again. */
  public ServerCounters withTableDdl() {
    return new ServerCounters(timer, true, open);
  }

  /**
   * The same counters without the statement time: for readings that start no test's measurement,
   * where the time would cost a reading of every test connection's totals for nothing.
   */
  public ServerCounters untimed() {
    return new ServerCounters(Optional.empty(), tableDdl, open);
  }

  /** The same counters and the open transactions of other connections. */
  public ServerCounters withOpenTransactions() {
    return new ServerCounters(timer, tableDdl, true);
  }

  public boolean performanceSchema() {
    return timer.isPresent();
  }

  /**
   * The statements of one reading, for a request that takes their results with a {@link Collector};
   * built anew for each reading (the connections the timer sums change).
   */
  public String sql() {
    return timer.map(t -> statusSql + t.sql() + ") t").orElse(statusSql);
  }

  /** Where performance_schema is on, everything but the timer's query and its closing. */
  private String statusSql() {
    String openSql = open ? OPEN_TRANSACTIONS_SQL : "0";
    if (timer.isEmpty()) {
      String filter = tableDdl ? "WHERE Variable_name IN " + NAMES : "LIKE 'Questions'";
      return "SHOW GLOBAL STATUS "
          + filter
          + ";\nSHOW SESSION STATUS "
          + filter
          + (open ? ";\nSELECT " + openSql : "");
    }
    return "SELECT g.q - s.q, g.d - s.d, "
        + openSql
        + ", t.* FROM "
        + status("global_status")
        + " g, "
        + status("session_status")
        + " s, (";
  }

  /** {@code Questions} and the sum of the table DDL counters from one performance_schema table. */
  private String status(String table) {
    return "(SELECT SUM(IF(VARIABLE_NAME = 'Questions', VARIABLE_VALUE, 0)) q, "
        + (tableDdl ? "SUM(IF(VARIABLE_NAME = 'Questions', 0, VARIABLE_VALUE))" : "0")
        + " d FROM performance_schema."
        + table
        + " WHERE VARIABLE_NAME IN "
        + (tableDdl ? NAMES : "('Questions')")
        + ")";
  }

  /** A collector for the result sets of {@link #sql()}, taken one at a time, in order. */
  public Collector collector() {
    return new Collector();
  }

  /** Takes the result sets of one reading inside a longer request. */
  public final class Collector {
    private final long[][] status = new long[2][];
    private Reading reading;
    private int taken;

    private Collector() {}

    /** True until every result set of the reading is taken. */
    public boolean wants() {
      return reading == null;
    }

    /** Takes the next result set of the reading. */
    public void take(ResultSet rows) throws SQLException {
      try (rows) {
        if (timer.isPresent()) {
          rows.next();
          reading =
              new Reading(
                  rows.getLong(1), timer.get().parse(rows, 4), rows.getLong(2), rows.getLong(3));
        } else if (taken < 2) {
          status[taken++] = status(rows);
          if (taken == 2 && !open) {
            reading = fromStatus(0);
          }
        } else {
          rows.next();
          reading = fromStatus(rows.getLong(1));
        }
      }
    }

    private Reading fromStatus(long openTransactions) {
      return new Reading(
          status[0][0] - status[1][0],
          Optional.empty(),
          status[0][1] - status[1][1],
          openTransactions);
    }

    /** The reading; fails before every result set was taken. */
    public Reading reading() {
      if (wants()) {
        throw new IllegalStateException("dbit: the counters' reading is incomplete");
      }
      return reading;
    }
  }

  /** Reads the counters; the control connection must have multi-statement mode. */
  public Reading read(Connection control) throws SQLException {
    try (Statement statement = control.createStatement()) {
      statement.execute(sql());
      return read(statement);
    }
  }

  /**
   * Reads the counters at the head of a request that goes on with {@code more}, so that the reading
   * costs no round trip of its own; leaves {@code statement} on the first result of {@code more}.
   */
  public Reading readBefore(Statement statement, String more) throws SQLException {
    statement.execute(sql() + ";\n" + more);
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
    while (rows.next()) {
      boolean questions = rows.getString(1).toLowerCase(Locale.ROOT).equals("questions");
      values[questions ? 0 : 1] += rows.getLong(2);
    }
    return values;
  }
}
