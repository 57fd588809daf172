package dev.dbit.internal.reset;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.measure.ServerCounters;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * MariaDB with {@code userstat=ON}: the user totals (rows changed, statements) and the rows changed
 * per table, from {@code information_schema.USER_STATISTICS} and {@code TABLE_STATISTICS}.
 *
 * <p>A clean schema costs one reading of the totals (have rows changed since?). Every row any
 * connection changes moves the user totals (rolled-back and trigger writes included); a write the
 * table counters do not show ({@code LOCK TABLES}) makes the two disagree, and the reset probes
 * every table. Cascades move no table counter: the engine adds the tables they reach.
 *
 * <p>dbit's own statements are accounted for: the totals read inside a request exclude that
 * request, so its statements and rows are added to an offset every later reading subtracts. The
 * user totals hold no test's server SQL time: tests measured on this reader report it as unknown.
 */
final class UserStatisticsReader implements ChangeReader<UserStatisticsReader.Stats> {
  private final Supplier<Connection> control;
  private final SchemaRestorer restorer;
  private final Set<String> tables;
  private final String readingSql;
  private final String batchSql;

  /** The state the schema was last restored to. */
  private ServerStatistics.Reading base;

  /**
   * The highest (user rows - table rows) read so far. A client sees its statement's reply before
   * the server adds it to the user totals, so a reading can lag behind by the last request of each
   * connection; it never runs ahead. Writes the table counters never see raise this for good.
   */
  private long hiddenBaseline = Long.MIN_VALUE;

  private long ownStatements;
  private long ownRows;

  /**
   * One reading.
   *
   * @param totals what the server said, net of dbit's own requests
   * @param changed tables changed since the base; empty when only totals were read
   * @param probe some connection changed rows no table counter shows
   */
  record Stats(ServerStatistics.Reading totals, Set<String> changed, boolean probe)
      implements ChangeReader.Reading {
    @Override
    public ServerCounters.Reading start() {
      return new ServerCounters.Reading(totals.statements());
    }

    @Override
    public boolean openTransactions() {
      return totals.openTransactions() > 0;
    }
  }

  private UserStatisticsReader(
      Supplier<Connection> control, SchemaRestorer restorer, Set<String> tables, String copy) {
    this.control = control;
    this.restorer = restorer;
    this.tables = tables;
    this.readingSql = ServerStatistics.fullSql(copy, false);
    this.batchSql = ServerStatistics.fullSql(copy, true);
  }

  /**
   * The reader, when the server keeps user statistics; call on a freshly restored copy.
   *
   * @return empty when {@code userstat} is off or not a MariaDB variable
   */
  static Optional<UserStatisticsReader> ifAvailable(
      Supplier<Connection> control, SchemaRestorer restorer, Set<String> tables, String copy)
      throws SQLException {
    if (!ServerStatistics.enabled(control.get())) {
      return Optional.empty();
    }
    UserStatisticsReader reader = new UserStatisticsReader(control, restorer, tables, copy);
    reader.base = reader.noteHidden(reader.readFull());
    return Optional.of(reader);
  }

  @Override
  public String describe() {
    return "MariaDB user and table statistics (userstat)";
  }

  @Override
  public Stats end() throws SQLException {
    ServerStatistics.Reading end = readFull();
    boolean hidden = hiddenWrites(end);
    // Hidden writes keep the baseline where it was, so that the next reset probes every table.
    if (!hidden) {
      noteHidden(end);
    }
    return new Stats(end, changedTables(end), hidden);
  }

  @Override
  public Stats gate(Optional<Stats> end, boolean cleanAnyway) throws SQLException {
    if (end.isEmpty() || end.get().totals().rows() == base.rows()) {
      ServerStatistics.Reading now = readTotals();
      if (now.rows() == base.rows() && !cleanAnyway) {
        return new Stats(now, Set.of(), false);
      }
    }
    // Rows changed since, maybe only in other schemas: has this schema changed?
    ServerStatistics.Reading now = readFull();
    if (hiddenWrites(now)) {
      return new Stats(now, Set.of(), true);
    }
    Set<String> changed = changedTables(now);
    if (changed.isEmpty()) {
      base = noteHidden(now);
    }
    return new Stats(now, changed, false);
  }

  @Override
  public boolean asksAfterRollback() {
    return true;
  }

  @Override
  public void restoredAt(Stats reading) {
    base = noteHidden(reading.totals());
  }

  @Override
  public Stats clean(CleanupPlan plan, Stats before) throws SQLException {
    ServerStatistics.Reading end = before.totals();
    ServerStatistics.Reading after =
        adjusted(restorer.clean(plan, batchSql, ServerStatistics::readFull));
    long cleanupRows = 0;
    for (String table : plan.tables()) {
      cleanupRows += after.table(table) - end.table(table);
    }
    // The user totals show this request's work only from the next request on: the cleanup's
    // statements and the reading.
    ownStatements += plan.statements().size() + 1;
    ownRows += cleanupRows;
    Set<String> changedMeanwhile = new LinkedHashSet<>();
    for (String table : after.tables().keySet()) {
      if (tables.contains(table)
          && !plan.tables().contains(table)
          && after.table(table) != end.table(table)) {
        changedMeanwhile.add(table);
      }
    }
    // Another connection's writes meanwhile stay changed against the new base.
    base = noteHidden(withTables(after, end, changedMeanwhile));
    return new Stats(after, changedMeanwhile, false);
  }

  @Override
  public ServerCounters.Reading probeEverything(Optional<Stats> gate) throws SQLException {
    restorer.resetProbingEverything();
    base = readFull();
    // Hidden writes stay in the user totals for good: measure from here.
    hiddenBaseline = base.rows() - base.tableRows();
    return new Stats(base, Set.of(), false).start();
  }

  @Override
  public ServerCounters.Reading peek() throws SQLException {
    return new Stats(readTotals(), Set.of(), false).start();
  }

  @Override
  public void ownStatementsSent(int statements) {
    ownStatements += statements;
  }

  /** MariaDB adds a request to its user statistics just after replying to it. */
  @Override
  public boolean countsAfterReplying() {
    return true;
  }

  /** MariaDB's user statistics leave {@code SHOW} statements out. */
  @Override
  public boolean countsShowStatements() {
    return false;
  }

  /** Rows some connection changed that no table counter shows: writes under LOCK TABLES. */
  private boolean hiddenWrites(ServerStatistics.Reading reading) {
    return reading.rows() - reading.tableRows() > hiddenBaseline;
  }

  private ServerStatistics.Reading noteHidden(ServerStatistics.Reading reading) {
    hiddenBaseline = Math.max(hiddenBaseline, reading.rows() - reading.tableRows());
    return reading;
  }

  /** The schema's tables whose counter moved since the base. */
  private Set<String> changedTables(ServerStatistics.Reading now) {
    Set<String> changed = new LinkedHashSet<>();
    for (String table : now.tables().keySet()) {
      if (tables.contains(table) && now.table(table) != base.table(table)) {
        changed.add(table);
      }
    }
    return changed;
  }

  /** The user totals alone: enough to tell that nothing changed, and to measure. */
  private ServerStatistics.Reading readTotals() throws SQLException {
    ServerStatistics.Reading reading = adjusted(ServerStatistics.readTotals(control.get()));
    ownStatements += 1;
    return reading;
  }

  /** Every counter, in one statement. */
  private ServerStatistics.Reading readFull() throws SQLException {
    ServerStatistics.Reading reading =
        adjusted(
            MultiStatement.executeReadingLast(
                control.get(), readingSql, ServerStatistics::readFull));
    ownStatements += 1;
    return reading;
  }

  /** Subtracts dbit's own earlier requests from the user totals. */
  private ServerStatistics.Reading adjusted(ServerStatistics.Reading raw) {
    return new ServerStatistics.Reading(
        raw.rows() - ownRows,
        raw.statements() - ownStatements,
        raw.openTransactions(),
        raw.tables(),
        raw.otherRows());
  }

  /** {@code r} with the counters of {@code tables} taken from {@code earlier}. */
  private static ServerStatistics.Reading withTables(
      ServerStatistics.Reading r, ServerStatistics.Reading earlier, Set<String> tables) {
    Map<String, Long> counters = new HashMap<>(r.tables());
    for (String table : tables) {
      counters.put(table, earlier.table(table));
    }
    return new ServerStatistics.Reading(
        r.rows(), r.statements(), r.openTransactions(), counters, r.otherRows());
  }
}
