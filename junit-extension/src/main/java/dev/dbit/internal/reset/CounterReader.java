package dev.dbit.internal.reset;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.measure.ServerCounters;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A server that counts the rows written per table ({@link TableCounters}): a table changed when its
 * counter moved since the state the schema was last restored to (the base).
 *
 * <p>Every row written through the storage engine moves its table's counter, from any connection,
 * rolled-back and trigger writes included; cascades move none, so the engine adds the tables they
 * reach. What moves no table counter makes the next reset probe every table: rows the user totals
 * count beyond the table counters (MariaDB: writes under {@code LOCK TABLES}), and a table created
 * again ({@code TRUNCATE}, DDL), which the statement counters and InnoDB's table ids show ({@link
 * TableRecreations}). A reading is one request: the statement counters (the count of table DDL
 * before a test) and the per-table counters, after a cleanup in the cleanup's own request. The next
 * test's measurement continues from the end reading, which dbit's reset does not move.
 */
final class CounterReader implements ChangeReader<CounterReader.Counts> {
  private final Supplier<Connection> control;
  private final Set<String> tables;
  private final TableCounters dialect;
  private final String copy;
  private final ServerCounters counters;

  /**
   * The count of table DDL, for the readings between tests (no test's measurement starts there).
   */
  private final ServerCounters ddlCounters;

  private final TableRecreations recreations;

  /** The per-table counters of the state the schema was last restored to. */
  private Map<String, Long> base;

  /**
   * The highest count of rows no table counter shows, read so far: a client sees its reply before
   * MariaDB adds the request to the user totals, so a reading can lag, never run ahead.
   */
  private long unseenBaseline = Long.MIN_VALUE;

  /**
   * One reading.
   *
   * @param start the statement counters
   * @param open some connection other than dbit's may hold locks or changes
   * @param counts the per-table counters
   * @param changed the schema's tables whose counter moved since the base
   * @param probe rows changed that no table counter shows, or a table was created again
   */
  record Counts(
      ServerCounters.Reading start,
      boolean open,
      TableCounters.Counts counts,
      Set<String> changed,
      boolean probe)
      implements ChangeReader.Reading {
    @Override
    public boolean openTransactions() {
      return open;
    }
  }

  private CounterReader(
      Supplier<Connection> control,
      Set<String> tables,
      String copy,
      TableCounters dialect,
      ServerCounters counters,
      TableRecreations recreations) {
    this.control = control;
    this.tables = tables;
    this.dialect = dialect;
    this.counters = counters.withOpenTransactions();
    this.ddlCounters = counters.withTableDdl().untimed();
    this.recreations = recreations;
    this.copy = copy;
  }

  /** The reader of the counters {@code dialect}; call on a freshly restored copy. */
  static CounterReader start(
      Supplier<Connection> control,
      Set<String> tables,
      String copy,
      TableCounters dialect,
      ServerCounters counters)
      throws SQLException {
    TableRecreations recreations = TableRecreations.of(control, copy);
    CounterReader reader = new CounterReader(control, tables, copy, dialect, counters, recreations);
    Counts now = reader.read(reader.ddlCounters);
    reader.base = now.counts().tables();
    reader.noteUnseen(now.counts());
    recreations.rebase(control.get(), now.start().tableDdl());
    return reader;
  }

  @Override
  public String describe() {
    return dialect.describe();
  }

  @Override
  public Counts end() throws SQLException {
    return withChanges(read(counters), false);
  }

  @Override
  public Counts gate(Optional<Counts> end, boolean cleanAnyway) throws SQLException {
    Counts now = withChanges(read(ddlCounters), true);
    if (now.changed().isEmpty() && !now.probe()) {
      base = now.counts().tables();
    }
    // The measurement continues from the end reading: dbit's reset moves no net counter.
    ServerCounters.Reading start =
        end.isPresent() ? end.get().start() : counters.read(control.get());
    return new Counts(start, false, now.counts(), now.changed(), now.probe());
  }

  @Override
  public boolean asksAfterRollback() {
    return true;
  }

  @Override
  public void restoredAt(Counts reading) {
    base = reading.counts().tables();
  }

  /** The cleanup reads the counters again, with the count of table DDL. */
  @Override
  public Cleanup<Collector, Counts> cleanup(CleanupPlan plan, Counts before) {
    return new Cleanup<>(
        plan,
        sql(ddlCounters),
        new Collector(ddlCounters),
        read -> afterCleanup(plan, before, read.counts()));
  }

  /** The tables {@code after} shows written by some other connection while {@code plan} ran. */
  private Counts afterCleanup(CleanupPlan plan, Counts before, Counts after) throws SQLException {
    Set<String> changedMeanwhile = new LinkedHashSet<>();
    Map<String, Long> was = before.counts().tables();
    for (Map.Entry<String, Long> table : after.counts().tables().entrySet()) {
      if (tables.contains(table.getKey())
          && !plan.tables().contains(table.getKey())
          && !table.getValue().equals(was.getOrDefault(table.getKey(), 0L))) {
        changedMeanwhile.add(table.getKey());
      }
    }
    // Another connection's writes meanwhile stay changed against the new base.
    Map<String, Long> restored = new HashMap<>(after.counts().tables());
    for (String table : changedMeanwhile) {
      restored.put(table, base.getOrDefault(table, 0L));
    }
    base = restored;
    boolean probe = unseenWrites(after.counts()) || recreated(after.start());
    noteUnseen(after.counts());
    return new Counts(before.start(), false, after.counts(), changedMeanwhile, probe);
  }

  /** A table created again while the probe runs shows at the next reading. */
  @Override
  public void beforeProbe() throws SQLException {
    recreations.rebase(control.get(), ddlCounters.read(control.get()).tableDdl());
  }

  @Override
  public ServerCounters.Reading afterProbe(Optional<Counts> gate) throws SQLException {
    Counts now = read(counters);
    base = now.counts().tables();
    // Rows no table counter shows stay in the user totals for good: count from here.
    unseenBaseline = now.counts().unseen();
    return now.start();
  }

  /** {@code now} with the tables changed since the base, and whether a probe is due. */
  private Counts withChanges(Counts now, boolean start) throws SQLException {
    boolean probe = unseenWrites(now.counts()) || (start && recreated(now.start()));
    if (!probe) {
      noteUnseen(now.counts());
    }
    Set<String> changed = new LinkedHashSet<>();
    Map<String, Long> counts = now.counts().tables();
    counts.forEach((table, rows) -> changedIf(changed, table, rows));
    base.keySet().stream().filter(t -> !counts.containsKey(t)).forEach(changed::add);
    changed.retainAll(tables);
    return new Counts(now.start(), now.open(), now.counts(), changed, probe);
  }

  private void changedIf(Set<String> changed, String table, long rows) {
    if (rows != base.getOrDefault(table, 0L)) {
      changed.add(table);
    }
  }

  private boolean unseenWrites(TableCounters.Counts counts) {
    return counts.unseen() > unseenBaseline;
  }

  private void noteUnseen(TableCounters.Counts counts) {
    unseenBaseline = Math.max(unseenBaseline, counts.unseen());
  }

  /** Whether a table was created again, asked only when such a statement ran since. */
  private boolean recreated(ServerCounters.Reading start) throws SQLException {
    return recreations.since(control.get(), start.tableDdl());
  }

  /**
   * A reading with {@code with}'s counters; built anew each time (the timer's connections change).
   */
  private String sql(ServerCounters with) {
    return with.sql() + ";\n" + dialect.sql(copy);
  }

  private Counts read(ServerCounters with) throws SQLException {
    return MultiStatement.executeReadingLast(control.get(), sql(with), new Collector(with))
        .counts();
  }

  /** Takes the results of one reading, one result set at a time. */
  static final class Collector implements MultiStatement.Reader<Collector> {
    private final ServerCounters.Collector start;
    private TableCounters.Counts counts;

    Collector(ServerCounters with) {
      this.start = with.collector();
    }

    @Override
    public Collector read(ResultSet rows) throws SQLException {
      if (start.wants()) {
        start.take(rows);
      } else {
        counts = TableCounters.read(rows);
      }
      return this;
    }

    Counts counts() {
      ServerCounters.Reading reading = start.reading();
      return new Counts(reading, reading.openTransactions() > 0, counts, Set.of(), false);
    }
  }
}
