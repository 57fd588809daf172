package dev.dbit.internal.reset;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.binlog.LogAccount;
import dev.dbit.internal.binlog.LogPosition;
import dev.dbit.internal.binlog.RowChangeLog;
import dev.dbit.internal.measure.ServerCounters;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A server whose row-based binary log dbit follows, with performance_schema and no {@code userstat}
 * (the embedded MySQL; MariaDB started without user statistics): the tables a test changed are
 * those the log shows rows committed to, so a reading asks the server only for the measurement and
 * where its log ends, and waits for the follower to get there.
 *
 * <p>A rolled-back write never reaches the log and needs no cleanup. What the log cannot account
 * for (a statement logged as text in the copy: {@code TRUNCATE}, DDL, a session in statement
 * format; a follower that fell behind) makes the next reset probe every table. Cascades are not
 * logged: the engine adds the tables they reach, and the log's released values say which rows.
 * dbit's own writes stay out of the log ({@code sql_log_bin = 0}). A session that switches the log
 * off itself is not seen.
 *
 * <p>The reader is the only one that takes the log's account; the planner restores rows by what it
 * took ({@link RowSource#log}).
 */
final class BinaryLogReader implements ChangeReader<BinaryLogReader.Logged> {
  private final Supplier<Connection> control;
  private final RowChangeLog.Watch watch;
  private final String positionSql;
  private final ServerCounters counters;

  /** What the log showed since the last cleanup's reading (or the last probe's). */
  private LogAccount pending = LogAccount.nothing();

  /**
   * One reading.
   *
   * @param start the measurement counters the next test starts from
   * @param open transactions holding locks or changes, other than the reader's
   * @param account what the log showed since the last cleanup
   */
  record Logged(ServerCounters.Reading start, boolean open, LogAccount account)
      implements ChangeReader.Reading {
    @Override
    public Set<String> changed() {
      return account.written().orElse(Set.of());
    }

    @Override
    public boolean probe() {
      return !account.complete();
    }

    @Override
    public boolean openTransactions() {
      return open;
    }
  }

  private BinaryLogReader(
      Supplier<Connection> control, RowChangeLog.Watch watch, ServerCounters counters)
      throws SQLException {
    this.control = control;
    this.watch = watch;
    this.counters = counters.withOpenTransactions();
    this.positionSql = LogPosition.statement(control.get());
  }

  /** The reader of the copy whose log {@code watch} follows; call on a freshly restored copy. */
  static BinaryLogReader start(
      Supplier<Connection> control, RowChangeLog.Watch watch, ServerCounters counters)
      throws SQLException {
    BinaryLogReader reader = new BinaryLogReader(control, watch, counters);
    // The copy is clean: what the log showed until now is no test's.
    reader.watch.accountUpTo(reader.position());
    return reader;
  }

  @Override
  public String describe() {
    return "the binary log (tables written)";
  }

  /** One request: the measurement, then where the log ends. */
  @Override
  public Logged end() throws SQLException {
    ServerCounters.Reading start;
    LogPosition at;
    try (Statement statement = control.get().createStatement()) {
      start = counters.readBefore(statement, positionSql);
      try (ResultSet rows = statement.getResultSet()) {
        at = LogPosition.of(rows);
      }
    }
    return new Logged(start, start.openTransactions() > 0, taken(at));
  }

  /** Where the log ends alone: the measurement continues from the end reading. */
  @Override
  public Logged gate(Optional<Logged> end, boolean cleanAnyway) throws SQLException {
    return end.isEmpty() ? end() : new Logged(end.get().start(), false, taken(position()));
  }

  /** The rows the log showed since the last cleanup, which the next cleanup restores. */
  ChangedRows pendingRows() {
    return pending.rows();
  }

  /** The cleanup reads where the log ends: what the log shows after it came meanwhile. */
  @Override
  public Cleanup<LogPosition, Logged> cleanup(CleanupPlan plan, Logged before) {
    return new Cleanup<>(
        plan,
        positionSql,
        LogPosition::of,
        at -> {
          pending = watch.accountUpTo(at);
          return new Logged(before.start(), false, pending);
        });
  }

  /**
   * What the log showed so far is restored by the probe: a statement it could not follow ({@code
   * TRUNCATE}) must not send the next reset to a probe too.
   */
  @Override
  public void beforeProbe() throws SQLException {
    watch.accountUpTo(position());
  }

  /** Only what was written while the probe ran stays pending, cleaned again by the next reset. */
  @Override
  public ServerCounters.Reading afterProbe(Optional<Logged> gate) throws SQLException {
    pending = LogAccount.nothing();
    return end().start();
  }

  /** What the log showed since the last cleanup, up to {@code at}. */
  private LogAccount taken(LogPosition at) {
    pending = pending.and(watch.accountUpTo(at));
    return pending;
  }

  private LogPosition position() throws SQLException {
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(positionSql)) {
      return LogPosition.of(rows);
    }
  }
}
