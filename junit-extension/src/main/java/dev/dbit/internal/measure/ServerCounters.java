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
 * Reads the server's counters on the control connection in one round trip: {@code Questions} net of
 * the control connection's own, and, where performance_schema is on, the statement totals of the
 * connections dbit opened for tests ({@link StatementTimer}).
 *
 * <p>{@code Questions} counts every connection of the server, including those dbit did not hand
 * out. On request ({@link #withTableDdl()}), in the same statements: the statements that can create
 * a table again ({@code TRUNCATE}, {@code DROP}, {@code CREATE}, {@code ALTER}, {@code RENAME}),
 * net of the control connection's own.
 */
public final class ServerCounters {
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

  /** The statement timer; empty when performance_schema is off. */
  private final Optional<StatementTimer> timer;

  private final String statusSql;

  private ServerCounters(Optional<StatementTimer> timer, boolean tableDdl) {
    this.timer = timer;
    String filter = tableDdl ? "WHERE Variable_name IN " + NAMES : "LIKE 'Questions'";
    this.statusSql = "SHOW GLOBAL STATUS " + filter + ";\nSHOW SESSION STATUS " + filter;
  }

  /**
   * One reading.
   *
   * @param questions net {@code Questions}
   * @param time the statement totals of the connections dbit opened for tests, when known
   * @param tableDdl net count of statements that can create a table again; 0 where not read
   */
  public record Reading(long questions, Optional<StatementTime> time, long tableDdl) {
    public Reading(long questions) {
      this(questions, Optional.empty(), 0);
    }
  }

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
        timed ? Optional.of(new StatementTimer(connections)) : Optional.empty(), false);
  }

  /**
   * The same counters and, in {@link Reading#tableDdl()}, the statements that can create a table
   * again (the status list is filtered twice, so a reading costs more: use it where needed).
   */
  public ServerCounters withTableDdl() {
    return new ServerCounters(timer, true);
  }

  public boolean performanceSchema() {
    return timer.isPresent();
  }

  /** The timer, where performance_schema is on. */
  public Optional<StatementTimer> timer() {
    return timer;
  }

  /**
   * The statements of one reading, for a request that takes their results with a {@link Collector}.
   */
  public String sql() {
    return statusSql + timer.map(t -> ";\n" + t.sql()).orElse("");
  }

  /** A collector for the result sets of {@link #sql()}, taken one at a time, in order. */
  public Collector collector() {
    return new Collector();
  }

  /** Takes the result sets of one reading inside a longer request. */
  public final class Collector {
    private final long[][] values = new long[2][];
    private Optional<StatementTime> time = Optional.empty();
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
          time = timer.get().parse(rows, 1);
        }
      }
      taken++;
    }

    /** The reading; fails before every result set was taken. */
    public Reading reading() {
      if (wants()) {
        throw new IllegalStateException("dbit: the counters' reading is incomplete");
      }
      return new Reading(values[0][0] - values[1][0], time, values[0][1] - values[1][1]);
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
    try (rows) {
      while (rows.next()) {
        boolean questions = rows.getString(1).toLowerCase(Locale.ROOT).equals(QUESTIONS);
        values[questions ? 0 : 1] += rows.getLong(2);
      }
    }
    return values;
  }
}
