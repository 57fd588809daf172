package dev.dbit.internal.reset;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Two round trips per test on MariaDB with {@code userstat=ON}, whether the test wrote or not.
 *
 * <p>After a test, one statement reads the user totals (rows changed, statements, busy time), the
 * open transactions and the per-table row counters: the test's measurement and the tables it
 * changed. Before the next test, a clean schema costs one statement (have the user totals moved
 * since?); a dirty one costs one request that deletes the changed tables, reloads changed reference
 * tables from the template and reads the counters again, which start the next test.
 *
 * <p>Nothing is missed: every row any connection changes moves the user totals (rolled-back and
 * trigger writes included); a write the per-table counters do not show ({@code LOCK TABLES}) makes
 * the two disagree and sends the reset to the full probe; a cascade from a changed table marks the
 * reference tables it reaches. {@code TRUNCATE} and DDL move no row counter: the statement watch on
 * dbit's connections reports them ({@link #distrust()}).
 *
 * <p>dbit's own statements are accounted for: the user totals read inside a request exclude that
 * request, so its statements and rows are added to an offset that every later reading subtracts.
 * Its busy time needs no offset: each request ends with {@link ServerStatistics#LAST}, and MariaDB
 * credits a request's busy time by its last statement only.
 */
public final class StatisticsReset implements BetweenTests {

  private final Supplier<Connection> control;
  private final SchemaRestorer restorer;
  private final SchemaLayout layout;
  private final String fullSql;
  private final String batchSql;
  private final double busyToMicros;

  /** The state the schema was last restored to. */
  private ServerStatistics.Reading base;

  /** The reading that ended the last test, when no reset has followed it yet. */
  private ServerStatistics.Reading ended;

  private boolean distrusted;

  /**
   * The highest (user rows - table rows) read so far. A client sees its statement's reply before
   * the server adds it to the user totals, so a reading can lag behind by the last request of each
   * connection; it never runs ahead. Writes the table counters never see raise this for good.
   */
  private long hiddenBaseline = Long.MIN_VALUE;

  private long ownStatements;
  private long ownRows;

  private StatisticsReset(
      Supplier<Connection> control,
      SchemaRestorer restorer,
      SchemaLayout layout,
      String copy,
      double busyToMicros) {
    this.control = control;
    this.restorer = restorer;
    this.layout = layout;
    this.fullSql = ServerStatistics.fullSql(copy, false);
    this.batchSql = ServerStatistics.fullSql(copy, true);
    this.busyToMicros = busyToMicros;
  }

  /**
   * The strategy, when the server keeps user statistics; call on a freshly restored copy.
   *
   * @return empty when {@code userstat} is off or not a MariaDB variable
   */
  public static Optional<StatisticsReset> ifAvailable(
      Supplier<Connection> control, SchemaRestorer restorer, SchemaLayout layout, String copy)
      throws SQLException {
    if (!ServerStatistics.enabled(control.get())) {
      return Optional.empty();
    }
    // MariaDB 11.4 reports BUSY_TIME in microseconds; the documentation says seconds. Ask.
    ServerStatistics.Reading before = ServerStatistics.readTotals(control.get());
    try (Statement statement = control.get().createStatement()) {
      statement.execute("DO SLEEP(0.02)");
    }
    ServerStatistics.Reading after = ServerStatistics.readTotals(control.get());
    double busy = after.busy() - before.busy();
    StatisticsReset reset =
        new StatisticsReset(control, restorer, layout, copy, busy > 1000 ? 1 : 1e6);
    reset.base = reset.noteHidden(reset.readFull());
    return Optional.of(reset);
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

  @Override
  public String describe() {
    return "MariaDB user and table statistics (userstat)";
  }

  @Override
  public ServerCounters.Reading beforeTest() throws SQLException {
    if (distrusted) {
      return probeEverything();
    }
    ServerStatistics.Reading end = ended;
    ended = null;
    if (end == null || (end.rows() == base.rows() && changedTables(end).isEmpty())) {
      ServerStatistics.Reading now = readTotals();
      if (now.rows() == base.rows() && !restorer.countersToReset()) {
        return counters(now);
      }
      end = readFull();
    }
    for (int pass = 1; pass <= SchemaRestorer.MAX_PASSES; pass++) {
      if (hiddenWrites(end)) {
        return probeEverything();
      }
      Set<String> dirty = changedTables(end);
      if (pass == 1) {
        // After a rollback the flagged tables may be as the template has them: ask them first.
        Optional<Set<String>> differing = restorer.differingAfterRollback(dirty);
        ownStatements += restorer.takeStatementsSent();
        if (differing.isPresent()) {
          dirty = differing.get();
          if (dirty.isEmpty()) {
            base = noteHidden(end);
            return counters(end);
          }
        }
      }
      if (dirty.isEmpty() && !restorer.countersToReset()) {
        // Rows changed elsewhere on the server, not in this schema (so the totals cannot say
        // "nothing changed since"). Has this schema changed since the end reading?
        ServerStatistics.Reading now = readFull();
        if (!hiddenWrites(now) && changedTables(now).isEmpty()) {
          base = noteHidden(now);
          return counters(now);
        }
        end = now;
        continue;
      }
      Pass cleaned = clean(dirty, end, pass == 1);
      if (cleaned.needsConfirmation()) {
        return probeEverything();
      }
      if (cleaned.changedMeanwhile().isEmpty()) {
        return counters(base);
      }
      // Another connection wrote while dbit reset: clean what it wrote, against the new state.
      base = withTables(cleaned.after(), end, cleaned.changedMeanwhile());
      end = cleaned.after();
    }
    throw SchemaRestorer.keptChanging();
  }

  /**
   * One cleanup request.
   *
   * @param after the reading taken at its end
   * @param changedMeanwhile tables it did not clean whose counters moved meanwhile
   * @param needsConfirmation a chain of triggers may have written again
   */
  private record Pass(
      ServerStatistics.Reading after, Set<String> changedMeanwhile, boolean needsConfirmation) {}

  /**
   * Cleans {@code dirty} and reads every counter again, in one request. The binary log's changed
   * rows hold for the first pass; later ones compare in full.
   */
  private Pass clean(Set<String> dirty, ServerStatistics.Reading end, boolean firstPass)
      throws SQLException {
    CleanupPlan plan = firstPass ? restorer.planAfterTest(dirty) : restorer.plan(dirty);
    ownStatements += restorer.takeStatementsSent();
    ServerStatistics.Reading after =
        adjusted(restorer.clean("", plan, batchSql, ServerStatistics::readFull));
    long cleanupRows = 0;
    for (String table : plan.tables()) {
      cleanupRows += after.table(table) - end.table(table);
    }
    // The user totals will show this request's work only from the next request on: the cleanup's
    // statements, the reading and the last statement.
    ownStatements += plan.statements().size() + 2;
    ownRows += cleanupRows;
    Set<String> changedMeanwhile = new LinkedHashSet<>();
    for (String table : after.tables().keySet()) {
      if (!plan.tables().contains(table) && after.table(table) != end.table(table)) {
        changedMeanwhile.add(table);
      }
    }
    base = noteHidden(after);
    return new Pass(after, changedMeanwhile, plan.needsConfirmation());
  }

  @Override
  public AfterTest afterTest() throws SQLException {
    ServerStatistics.Reading end = readFull();
    ended = end;
    // Hidden writes keep the baseline where it was, so that the next reset probes every table.
    if (!hiddenWrites(end)) {
      noteHidden(end);
    }
    return new AfterTest(counters(end), end.openTransactions() > 0);
  }

  @Override
  public ServerCounters.Reading peek() throws SQLException {
    return counters(readTotals());
  }

  @Override
  public void distrust() {
    distrusted = true;
  }

  @Override
  public void controlReconnected() {
    // A request cut off midway may have run any part of a cleanup.
    distrusted = true;
  }

  /** The safe method: probe every table, then read a fresh state. */
  private ServerCounters.Reading probeEverything() throws SQLException {
    restorer.resetProbingEverything();
    distrusted = false;
    ended = null;
    base = readFull();
    // Hidden writes stay in the user totals for good: measure from here.
    hiddenBaseline = base.rows() - base.tableRows();
    return counters(base);
  }

  /** Rows some connection changed that no table counter shows: writes under LOCK TABLES. */
  private boolean hiddenWrites(ServerStatistics.Reading end) {
    return end.rows() - end.tableRows() > hiddenBaseline;
  }

  private ServerStatistics.Reading noteHidden(ServerStatistics.Reading reading) {
    hiddenBaseline = Math.max(hiddenBaseline, reading.rows() - reading.tableRows());
    return reading;
  }

  private Set<String> changedTables(ServerStatistics.Reading end) {
    Set<String> changed = new LinkedHashSet<>();
    for (String table : end.tables().keySet()) {
      if (end.table(table) != base.table(table)) {
        changed.add(table);
      }
    }
    changed.retainAll(layout.tables());
    return layout.withCascades(changed);
  }

  /** The user totals alone: enough to tell that nothing changed, and to measure. */
  private ServerStatistics.Reading readTotals() throws SQLException {
    ServerStatistics.Reading reading = adjusted(ServerStatistics.readTotals(control.get()));
    ownStatements += 2;
    return reading;
  }

  private ServerStatistics.Reading readFull() throws SQLException {
    ServerStatistics.Reading reading =
        adjusted(
            MultiStatement.executeReadingLast(control.get(), fullSql, ServerStatistics::readFull));
    ownStatements += 2;
    return reading;
  }

  /** Subtracts dbit's own earlier requests from the user totals; busy time in microseconds. */
  private ServerStatistics.Reading adjusted(ServerStatistics.Reading raw) {
    return new ServerStatistics.Reading(
        raw.rows() - ownRows,
        raw.statements() - ownStatements,
        raw.busy() * busyToMicros,
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
        r.rows(), r.statements(), r.busy(), r.openTransactions(), counters, r.otherRows());
  }

  private static ServerCounters.Reading counters(ServerStatistics.Reading reading) {
    return new ServerCounters.Reading(
        reading.statements(), OptionalLong.of(Math.round(reading.busy() * 1_000_000)));
  }
}
