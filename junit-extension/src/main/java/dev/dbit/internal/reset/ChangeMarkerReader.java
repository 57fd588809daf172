package dev.dbit.internal.reset;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Servers that count no writes per table: {@link ChangeMarkers} (dbit's triggers) name the tables a
 * test changed, two requests between tests whatever the test did.
 *
 * <p>The end reading takes the statement counters, counts the open transactions and reads the
 * committed markers. The gate (after a test that marked nothing, or left a transaction open, which
 * the lock janitor may have rolled back since) reads the counters, the markers read uncommitted,
 * and the tables of other engines, whose writes a rollback does not take back, so they carry no
 * marker: probed for a row, or checksummed when they hold reference rows. A cleanup forgets the
 * markers of the tables it restores inside its own transaction, so a write after it is marked
 * again.
 *
 * <p>{@code TRUNCATE} and re-created tables change rows no trigger sees. The counters show, for
 * free, whether any statement that can create a table again ran on the server; only then does one
 * more request read InnoDB's table ids ({@link TableRecreations}), and a table created again sends
 * the reset to a comparison of every table, after which its triggers are in place again.
 */
final class ChangeMarkerReader implements ChangeReader<ChangeMarkerReader.Marks> {
  private final Supplier<Connection> control;
  private final ReferenceChecksums referenceChecksums;
  private final String copy;
  private final ChangeMarkers markers;
  private final ChangeMarks marks;
  private final TableRecreations recreations;

  /** Reference tables of other engines: checksummed at every gate. */
  private final List<String> unmarkedReference;

  /** Empty-after-migration tables of other engines: probed for a row at every gate. */
  private final List<String> unmarkedEmpty;

  /** The statement counters, for end readings and peeks. */
  private final ServerCounters counters;

  /** The same with the table DDL count, for the readings that start a test. */
  private final ServerCounters startCounters;

  /** The parents whose release markers the last reading found. */
  private Set<String> released = Set.of();

  /**
   * One reading.
   *
   * @param start the statement counters
   * @param open some connection may hold locks or changes
   * @param changed the marked tables and those of other engines that changed; null: look again
   * @param probe a table was created again since InnoDB's table ids were last read
   */
  record Marks(ServerCounters.Reading start, boolean open, Set<String> changed, boolean probe)
      implements ChangeReader.Reading {
    @Override
    public boolean openTransactions() {
      return open;
    }
  }

  private ChangeMarkerReader(
      Supplier<Connection> control,
      ReferenceChecksums checksums,
      List<String> referenceTables,
      SchemaLayout layout,
      String copy,
      ChangeMarkers markers,
      TableRecreations recreations,
      ServerCounters counters) {
    this.control = control;
    this.referenceChecksums = checksums;
    this.copy = copy;
    this.markers = markers;
    this.marks = markers.marks();
    this.recreations = recreations;
    this.counters = counters.withOpenTransactions();
    this.startCounters = counters.withTableDdl();
    this.unmarkedReference =
        referenceTables.stream().filter(t -> !markers.tables().contains(t)).toList();
    this.unmarkedEmpty =
        layout.emptyTables().stream().filter(t -> !markers.tables().contains(t)).toList();
  }

  /**
   * The reader of the triggers {@code markers} installed; call on a clean copy. Where InnoDB's
   * table ids cannot be read, any statement that can create a table again sends the next reset to a
   * probe of every table.
   */
  static ChangeMarkerReader start(
      Supplier<Connection> control,
      ReferenceChecksums checksums,
      List<String> referenceTables,
      SchemaLayout layout,
      String copy,
      ChangeMarkers markers,
      ServerCounters counters)
      throws SQLException {
    TableRecreations recreations = TableRecreations.of(control, copy);
    ChangeMarkerReader reader =
        new ChangeMarkerReader(
            control, checksums, referenceTables, layout, copy, markers, recreations, counters);
    recreations.rebase(control.get(), reader.startCounters.read(control.get()).tableDdl());
    return reader;
  }

  @Override
  public String describe() {
    return "dbit's triggers, which mark each changed table";
  }

  @Override
  public Marks end() throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      ServerCounters.Reading reading = counters.readBefore(statement, marks.committedReadSql());
      boolean open = reading.openTransactions() > 0;
      try (ResultSet rows = statement.getResultSet()) {
        ChangeMarks.Marked marked = ChangeMarks.read(rows);
        released = marked.released();
        return new Marks(reading, open, open ? null : marked.tables(), false);
      }
    }
  }

  @Override
  public Marks gate(Optional<Marks> end, boolean cleanAnyway) throws SQLException {
    Snapshot gate = MultiStatement.executeReadingLast(control.get(), readingSql(), snapshot());
    return marks(gate);
  }

  /** Markers go in the cleanup's transaction: a write after it is marked again. */
  @Override
  public Cleanup<Snapshot, Marks> cleanup(CleanupPlan plan, Marks before) {
    return new Cleanup<>(
        plan.withFirstInTransaction(marks.clearSql(plan.tables()))
            .withLastInTransaction(marks.clearValuesSql(plan.tables())),
        readingSql(),
        snapshot(),
        this::marks);
  }

  /**
   * After something no trigger sees: triggers created again where a test re-created a table, every
   * marker forgotten; a table created again while the probe runs shows at the next reading.
   */
  @Override
  public void beforeProbe() throws SQLException {
    markers.ensureInstalled();
    recreations.rebase(control.get(), startCounters.read(control.get()).tableDdl());
    MultiStatement.execute(control.get(), marks.clearAllSql());
  }

  @Override
  public ServerCounters.Reading afterProbe(Optional<Marks> gate) throws SQLException {
    return counters.read(control.get());
  }

  private Marks marks(Snapshot snapshot) throws SQLException {
    released = snapshot.marked.released();
    return new Marks(snapshot.start(), false, snapshot.changed(), recreated(snapshot));
  }

  /** What cascades took, for {@code dirty}, as the last reading's release markers say. */
  ChangedRows changes(Collection<String> dirty) {
    return markers.releases().changes(dirty, released);
  }

  /**
   * Whether a table of the copy was created again since the table ids were last read, asked (one
   * request) only when a statement that can do so ran on the server since.
   */
  private boolean recreated(Snapshot snapshot) throws SQLException {
    return recreations.since(control.get(), snapshot.start().tableDdl());
  }

  /**
   * The next test's counters, the markers (read uncommitted) and the tables no trigger marks: the
   * results {@link Snapshot} takes, in order.
   */
  private String readingSql() {
    StringBuilder sql = new StringBuilder(startCounters.sql());
    sql.append(";\n").append(marks.readSql());
    String checksums = referenceChecksums.sql(unmarkedReference);
    if (!checksums.isEmpty()) {
      sql.append(";\n").append(checksums);
    }
    if (!unmarkedEmpty.isEmpty()) {
      sql.append(";\n").append(SchemaLayout.probeSql(copy, unmarkedEmpty));
    }
    return sql.toString();
  }

  private Snapshot snapshot() {
    return new Snapshot(startCounters.collector());
  }

  /** What one {@link #readingSql()} found; takes its result sets one at a time. */
  final class Snapshot implements MultiStatement.Reader<Snapshot> {
    private final ServerCounters.Collector start;
    private int taken;
    private ChangeMarks.Marked marked = ChangeMarks.Marked.NOTHING;
    private Map<String, Long> checksums = Map.of();
    private List<String> filled = List.of();

    Snapshot(ServerCounters.Collector start) {
      this.start = start;
    }

    @Override
    public Snapshot read(ResultSet rows) throws SQLException {
      if (start.wants()) {
        start.take(rows);
        return this;
      }
      int part = taken++;
      if (part == 0) {
        marked = ChangeMarks.read(rows);
      } else if (part == 1 && !unmarkedReference.isEmpty()) {
        checksums = referenceChecksums.read(rows);
      } else {
        filled = SchemaLayout.nonEmptyTables(rows, unmarkedEmpty);
      }
      return this;
    }

    ServerCounters.Reading start() {
      return start.reading();
    }

    /** The tables to clean: marked, or of another engine and no longer as the template has them. */
    Set<String> changed() {
      Set<String> changed = new LinkedHashSet<>(marked.tables());
      changed.addAll(referenceChecksums.changed(checksums, unmarkedReference));
      changed.addAll(filled);
      return changed;
    }
  }
}
