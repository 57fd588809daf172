package dev.dbit.internal.reset;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.template.RowOrigin;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Restores a dbit-owned copy to its post-migration state over the long-lived control connection:
 * runs cleanups, keeps the {@code AUTO_INCREMENT} bookkeeping, and offers the safe method every
 * strategy falls back to, a probe of every table (empty-after-migration tables asked for a row,
 * reference tables checksummed).
 */
public final class SchemaRestorer implements Cleanups {

  private final Supplier<Connection> control;
  private final String copy;
  private final SchemaLayout layout;
  private final ClassStates states;
  private final List<String> referenceTables;
  private final ReferenceChecksums checksums;
  private RowSource rowSource = RowSource.NONE;

  /** Whether cleanups also reset AUTO_INCREMENT counters; set before each test. */
  private boolean resetAutoIncrement;

  /** Tables with an AUTO_INCREMENT column written since their counter was last reset. */
  private Set<String> countersMoved = new TreeSet<>();

  /** Whether the test before the next reset rolled back a transaction; set before each reset. */
  private boolean rolledBack;

  /**
   * A restorer that knows no changed rows until {@link #tell} (the copy is prepared before the
   * run's change source is chosen).
   */
  public SchemaRestorer(
      Supplier<Connection> control, String template, String copy, SchemaLayout layout) {
    this.control = control;
    this.copy = copy;
    this.layout = layout;
    RowOrigin origin = RowOrigin.schema(template);
    this.referenceTables = List.copyOf(layout.referenceTables());
    this.checksums = new ReferenceChecksums(control, copy);
    this.states = new ClassStates(control, copy, checksums, layout, origin);
  }

  /** From now on the run's change source tells this restorer about rows; once, at the start. */
  SchemaRestorer tell(RowSource source) {
    rowSource = source;
    return this;
  }

  /** What resets restore to while test classes run: the template, or a class's starting state. */
  public ClassStates classStates() {
    return states;
  }

  @Override
  public CleanupPlan keepPlan(Collection<String> dirty) throws SQLException {
    return states.keepPlan(dirty, rowSource.keys(), countersMoved);
  }

  @Override
  public void kept(CleanupPlan keep) throws SQLException {
    states.kept(keep.tables(), rowSource.followedTables());
  }

  @Override
  public Set<String> leaveClass() {
    return states.leave();
  }

  /** The planner of the state resets restore to now. */
  private CleanupPlanner planner() {
    return states.current().planner();
  }

  /** The probe against the state resets restore to now. */
  private FullProbe probe() {
    return new FullProbe(control, copy, states.current().layout(), checksums, rowSource.keys());
  }

  /**
   * Deletes every row of every table and reloads all reference rows, records the reference
   * checksums later probes compare against, and probes once more for what triggers fired by those
   * deletes wrote. Used once per run on a reused copy.
   */
  public void restoreEverything() throws SQLException {
    SchemaOwnership.requireOwned(control.get(), copy, "reset");
    clean(plan(layout.tables()), "", rows -> null);
    checksums.record(copy, referenceTables);
    probeEverything();
  }

  /**
   * Takes a reused copy as it is (the binary log shows nothing touched it since an earlier run left
   * it clean): records the reference checksums; every {@code AUTO_INCREMENT} counter counts as
   * moved.
   */
  public void trustReusedCopy() throws SQLException {
    SchemaOwnership.requireOwned(control.get(), copy, "reset");
    countersMoved = new TreeSet<>(layout.autoIncrementTables());
    checksums.record(copy, referenceTables);
  }

  /** Records the reference checksums of a freshly built copy. */
  public void recordBaseline() throws SQLException {
    SchemaOwnership.requireOwned(control.get(), copy, "reset");
    checksums.record(copy, referenceTables);
  }

  /**
   * Whether the resets before the next test also reset the {@code AUTO_INCREMENT} counter of every
   * table written since its counter was last reset (tables written while this was off included).
   */
  public void resetAutoIncrement(boolean enabled) {
    resetAutoIncrement = enabled;
  }

  /** Where resets learn which rows of the large tables tests changed. */
  public RowSource rowSource() {
    return rowSource;
  }

  /** Tells the next reset whether the test before it rolled back a transaction. */
  public void rolledBack(boolean seen) {
    rolledBack = seen;
  }

  /**
   * After a test that rolled back a transaction: which of the tables its counters flag, and of
   * those their cascades reach, still differ from the template, by one probe of those alone. Empty
   * when no rollback was seen or {@code AUTO_INCREMENT} counters are to be reset (a rolled-back
   * insert moves the counter: those tables count as moved).
   */
  @Override
  public Optional<Set<String>> differingAfterRollback(Set<String> flagged) throws SQLException {
    boolean applies = rolledBack && !resetAutoIncrement && !flagged.isEmpty();
    rolledBack = false;
    if (!applies) {
      return Optional.empty();
    }
    Set<String> reached = states.current().layout().withCascades(flagged);
    Set<String> differing = probe().afterRollback(reached, rowSource.changes(reached));
    reached.stream().filter(layout.autoIncrementTables()::contains).forEach(countersMoved::add);
    return Optional.of(differing);
  }

  /** True when the next reset must run a cleanup for counters alone, even if no row changed. */
  @Override
  public boolean countersToReset() {
    return resetAutoIncrement && !countersMoved.isEmpty();
  }

  /** The cleanup of {@code dirty} with the current bookkeeping, comparing in full; runs nothing. */
  @Override
  public CleanupPlan plan(Collection<String> dirty) {
    return plan(dirty, false);
  }

  @Override
  public CleanupPlan planInFull(Collection<String> dirty) {
    return plan(dirty, true);
  }

  private CleanupPlan plan(Collection<String> dirty, boolean inFull) {
    CascadeClosure cascades = CascadeClosure.unknown(states.current().layout(), dirty);
    return plan(dirty, ChangedRows.unknown(), cascades, inFull);
  }

  /**
   * The cleanup of {@code dirty} after a test, whose large tables get back only the rows the binary
   * log says the test changed (when dbit follows it); runs nothing but that reading.
   */
  @Override
  public CleanupPlan planAfterTest(Collection<String> dirty) throws SQLException {
    ChangedRows changes = rowSource.changes(dirty);
    ClassStates.State state = states.current();
    return plan(
        dirty,
        changes,
        CascadeClosure.of(control.get(), state.layout(), state.from(), dirty, changes),
        false);
  }

  private CleanupPlan plan(
      Collection<String> dirty, ChangedRows changes, CascadeClosure cascades, boolean inFull) {
    return planner()
        .plan(
            dirty, countersMoved, resetAutoIncrement, changes, cascades, rowSource.keys(), inFull);
  }

  /**
   * Runs {@code plan} and {@code readingSql} (if not empty) in one request; the bookkeeping changes
   * only once the request has succeeded.
   *
   * @return what {@code reader} made of the request's last result
   */
  @Override
  public <T> T clean(CleanupPlan plan, String readingSql, MultiStatement.Reader<T> reader)
      throws SQLException {
    List<String> parts = new ArrayList<>();
    parts.add(plan.sql());
    if (!readingSql.isEmpty()) {
      parts.add(readingSql);
    }
    String sql = String.join(";\n", parts);
    T reading;
    try {
      reading = MultiStatement.executeReadingLast(control.get(), sql, reader);
    } catch (MultiStatement.StatementFailed e) {
      throw failedCleanup(sql, e);
    }
    countersMoved = new TreeSet<>(plan.countersMovedAfter());
    return reading;
  }

  /**
   * Rolls back what a failed cleanup started and says which statement failed; the next reset must
   * trust no counter, no followed row and no recorded key.
   */
  private SQLException failedCleanup(String sql, MultiStatement.StatementFailed failure) {
    rowSource.distrust();
    return FailedCleanup.rollBack(control.get(), copy, sql, failure);
  }

  /**
   * Restores every table that differs from the post-migration state, found by probing every table:
   * the safe method, for when no counter can be trusted.
   */
  @Override
  public void probeEverything() throws SQLException {
    rowSource.distrustKeys();
    probeAndClean();
  }

  /** Probes every table and cleans what differs, until nothing does. */
  void probeAndClean() throws SQLException {
    Optional<KeyTables> incomplete = rowSource.keys().filter(k -> !k.complete());
    if (incomplete.isPresent()) {
      incomplete.get().ensureInstalled();
    }
    for (int pass = 1; pass <= ResetEngine.MAX_PASSES; pass++) {
      List<String> dirty = probe().differing();
      if (dirty.isEmpty() && !countersToReset()) {
        trustKeysAgain(incomplete);
        return;
      }
      CleanupPlan plan = plan(dirty);
      clean(plan, "", rows -> null);
      if (!plan.needsConfirmation() || dirty.isEmpty()) {
        trustKeysAgain(incomplete);
        return;
      }
    }
    throw ResetEngine.keptChanging(probe().differing());
  }

  /** After a probe that compared every table: the key tables account for what follows. */
  private void trustKeysAgain(Optional<KeyTables> incomplete) throws SQLException {
    if (incomplete.isPresent()) {
      checksums.complete(referenceTables);
      incomplete.get().trust();
    }
  }

  /** The reference tables, in order. */
  List<String> referenceTables() {
    return referenceTables;
  }

  /** The reference tables' post-migration checksums. */
  ReferenceChecksums checksums() {
    return checksums;
  }

  /**
   * Tables of the copy that differ from the template now, in one round trip: empty tables asked for
   * a row, reference tables checksummed.
   */
  @Override
  public List<String> differingTables() throws SQLException {
    return probe().differing();
  }
}
