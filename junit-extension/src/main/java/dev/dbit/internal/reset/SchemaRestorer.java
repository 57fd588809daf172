package dev.dbit.internal.reset;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.binlog.RowChangeLog;
import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
  private static final int MAX_PASSES = ResetEngine.MAX_PASSES;

  private final Supplier<Connection> control;
  private final String template;
  private final String copy;
  private final SchemaLayout layout;
  private final CleanupPlanner planner;
  private final List<String> emptyTables;
  private final List<String> referenceTables;
  private final String existsSql;
  private final ReferenceChecksums checksums;

  /** Whether cleanups also reset AUTO_INCREMENT counters; set before each test. */
  private boolean resetAutoIncrement;

  /** Tables with an AUTO_INCREMENT column written since their counter was last reset. */
  private Set<String> countersMoved = new TreeSet<>();

  public SchemaRestorer(
      Supplier<Connection> control, String template, String copy, SchemaLayout layout) {
    this.control = control;
    this.template = template;
    this.copy = copy;
    this.layout = layout;
    this.planner = new CleanupPlanner(template, copy, layout);
    this.emptyTables = layout.emptyTables();
    this.referenceTables = List.copyOf(layout.referenceTables());
    this.existsSql = emptyTables.isEmpty() ? "" : SchemaLayout.probeSql(copy, emptyTables);
    this.checksums = new ReferenceChecksums(control, copy);
  }

  /**
   * Deletes every row of every table and reloads all reference rows, records the reference
   * checksums later probes compare against, and probes once more for what triggers fired by those
   * deletes wrote. Used once per run on a reused copy.
   */
  public void restoreEverything() throws SQLException {
    requireOwnership();
    // Cleans every table, so every AUTO_INCREMENT counter counts as moved (earlier runs moved
    // them).
    distrustKeys();
    clean(plan(layout.tables()), "", rows -> null);
    checksums.record(copy, referenceTables);
    resetProbingEverything();
  }

  /**
   * Takes a reused copy as it is, because the binary log shows nothing touched it since an earlier
   * run left it clean: records the reference checksums, and counts every {@code AUTO_INCREMENT}
   * counter as moved (earlier runs moved them).
   */
  public void trustReusedCopy() throws SQLException {
    requireOwnership();
    countersMoved = new TreeSet<>(layout.autoIncrementTables());
    checksums.record(copy, referenceTables);
  }

  /**
   * Restores a reused copy by what dbit's triggers recorded since it was last clean (see {@link
   * KeyTriggers#intact}): the large tables they track get back the rows of their recorded keys,
   * every other table is probed against the template's checksums and restored if it differs. Counts
   * every {@code AUTO_INCREMENT} counter as moved (earlier runs moved them).
   */
  public void restoreByRecordedKeys(KeyTriggers triggers) throws SQLException {
    requireOwnership();
    keyTriggers = Optional.of(triggers);
    countersMoved = new TreeSet<>(layout.autoIncrementTables());
    List<String> untracked = untrackedReferenceTables();
    checksums.record(template, untracked);
    probeAndClean(Optional.empty(), "", rows -> null);
    checksums.record(copy, untracked);
  }

  /** Records the reference checksums of a freshly built copy. */
  public void recordBaseline() throws SQLException {
    requireOwnership();
    checksums.record(copy, referenceTables);
  }

  /**
   * Whether the resets before the next test also reset the {@code AUTO_INCREMENT} counter of every
   * table written since its counter was last reset ({@code ALTER TABLE ... AUTO_INCREMENT = 1},
   * which InnoDB raises to one past the highest id). Tables written while this was off are
   * remembered, so a test that asks for it never inherits a moved counter.
   */
  public void resetAutoIncrement(boolean enabled) {
    resetAutoIncrement = enabled;
  }

  /** Whether the test before the next reset rolled back a transaction; set before each reset. */
  private boolean rolledBack;

  /** Triggers that keep the keys of changed rows of large tables, where dbit installed them. */
  private Optional<KeyTriggers> keyTriggers = Optional.empty();

  /** The binary log's account of changed rows, when dbit follows it for this copy. */
  private Optional<RowChangeLog.Watch> rowLog = Optional.empty();

  /** What the log said for the reset under way; read at most once per reset. */
  private ChangedRows changesThisReset;

  /** Statements of the probes sent outside cleanups since last asked (SHOW statements excluded). */
  private int statementsSent;

  /**
   * The statements this restorer sent on the control connection outside {@link #clean} since the
   * last call, as MariaDB's user statistics count them (a strategy that counts its own statements
   * adds them).
   */
  @Override
  public int takeStatementsSent() {
    int sent = statementsSent;
    statementsSent = 0;
    return sent;
  }

  /** Restores large tables by the rows {@code watch} says tests changed. */
  public void followChanges(RowChangeLog.Watch watch) {
    rowLog = Optional.of(watch);
  }

  /** The large tables restored by changed rows; empty when dbit does not follow the log. */
  public Set<String> followedTables() {
    return rowLog.map(RowChangeLog.Watch::tables).orElse(Set.of());
  }

  /** Restores the large tables {@code triggers} track by the keys they recorded. */
  public void keepKeysBy(KeyTriggers triggers) {
    keyTriggers = Optional.of(triggers);
  }

  /** Stops using key triggers: the strategy finds changed tables another way. */
  public void forgetKeys() {
    keyTriggers = Optional.empty();
  }

  /** The large tables restored by the keys dbit's triggers recorded; empty without them. */
  public Set<String> keyedTables() {
    return keyTriggers.map(KeyTriggers::tables).orElse(Set.of());
  }

  /**
   * Something no trigger sees may have changed rows (a re-created table): the next probe compares
   * every table. Recreates missing triggers and key tables at once.
   *
   * @return whether it created any (which gives the schema new table ids)
   */
  public boolean distrustKeys() throws SQLException {
    if (keyTriggers.isEmpty()) {
      return false;
    }
    keyTriggers.get().distrust();
    return keyTriggers.get().ensureInstalled();
  }

  /** Stops following the binary log for this copy; the run is over. */
  public void stopFollowing() {
    rowLog.ifPresent(RowChangeLog.Watch::close);
    rowLog = Optional.empty();
  }

  /** Tells the next reset whether the test before it rolled back a transaction. */
  public void rolledBack(boolean seen) {
    rolledBack = seen;
    changesThisReset = null;
  }

  /**
   * The rows tests changed since the last reset, read once per reset and only when a large table is
   * among {@code dirty}.
   */
  private ChangedRows changes(Collection<String> dirty) throws SQLException {
    if (rowLog.isEmpty() || dirty.stream().noneMatch(layout.largeTableKeys()::containsKey)) {
      return changesThisReset == null ? ChangedRows.unknown() : changesThisReset;
    }
    if (changesThisReset == null) {
      // Not in statementsSent: its one request is a SHOW, which MariaDB's user statistics never
      // count; counting it made the next test's statements look one short of dbit's, and its end
      // waited 2 s for a statement the server would never show.
      changesThisReset = rowLog.get().take(control.get());
    }
    return changesThisReset;
  }

  /**
   * After a test that rolled back a transaction: which of the tables its counters flag still differ
   * from the template, by one probe of those alone (row counters move on a rollback too, so a
   * rolled-back test's tables may be as the template has them). Empty when no probe applies: no
   * rollback, or {@code AUTO_INCREMENT} counters to reset. Flagged tables with an {@code
   * AUTO_INCREMENT} column count as moved, since a rolled-back insert moves the counter.
   */
  @Override
  public Optional<Set<String>> differingAfterRollback(Set<String> flagged) throws SQLException {
    boolean applies = rolledBack && !resetAutoIncrement && !flagged.isEmpty();
    rolledBack = false;
    if (!applies) {
      return Optional.empty();
    }
    ChangedRows changes = changes(flagged);
    Set<String> cascadedInto = new LinkedHashSet<>();
    flagged.forEach(t -> cascadedInto.addAll(layout.cascadeChildren().getOrDefault(t, Set.of())));
    // A followed large table differs exactly when the log shows a committed change of it.
    Set<String> logged = new LinkedHashSet<>();
    for (String table : flagged) {
      if (!cascadedInto.contains(table) && layout.largeTableKeys().containsKey(table)) {
        changes.of(table).ifPresent(keys -> logged.add(table));
      }
    }
    List<String> empty = emptyTables.stream().filter(flagged::contains).toList();
    List<String> reference =
        referenceTables.stream()
            .filter(flagged::contains)
            .filter(t -> !logged.contains(t))
            .toList();
    Set<String> differing = new LinkedHashSet<>(flagged);
    differing.removeAll(empty);
    differing.removeAll(reference);
    logged.stream().filter(t -> changes.of(t).orElseThrow().isEmpty()).forEach(differing::remove);
    if (empty.isEmpty() && reference.isEmpty()) {
      flagged.stream().filter(layout.autoIncrementTables()::contains).forEach(countersMoved::add);
      return Optional.of(differing);
    }
    differing.addAll(stillDiffering(empty, reference));
    flagged.stream().filter(layout.autoIncrementTables()::contains).forEach(countersMoved::add);
    return Optional.of(differing);
  }

  /**
   * Those of {@code empty} (empty after migration) that hold a row and those of {@code reference}
   * whose checksum moved, in one request.
   */
  private List<String> stillDiffering(List<String> empty, List<String> reference)
      throws SQLException {
    List<String> parts = new ArrayList<>();
    if (!empty.isEmpty()) {
      parts.add(SchemaLayout.probeSql(copy, empty));
    }
    if (!reference.isEmpty()) {
      parts.add(checksums.sql(reference));
    }
    statementsSent += parts.size();
    List<String> differing = new ArrayList<>();
    try (Statement statement = control.get().createStatement()) {
      boolean isResult = statement.execute(String.join(";\n", parts));
      if (!empty.isEmpty()) {
        try (ResultSet rows = statement.getResultSet()) {
          differing.addAll(SchemaLayout.nonEmptyTables(rows, empty));
        }
        isResult = statement.getMoreResults();
      }
      if (!reference.isEmpty() && isResult) {
        try (ResultSet rows = statement.getResultSet()) {
          differing.addAll(checksums.changed(checksums.read(rows), reference));
        }
      }
    }
    return differing;
  }

  /** True when the next reset must run a cleanup for counters alone, even if no row changed. */
  @Override
  public boolean countersToReset() {
    return resetAutoIncrement && !countersMoved.isEmpty();
  }

  /** The cleanup of {@code dirty} with the current bookkeeping, comparing in full; runs nothing. */
  @Override
  public CleanupPlan plan(Collection<String> dirty) {
    return planner.plan(
        dirty, countersMoved, resetAutoIncrement, ChangedRows.unknown(), keyTriggers);
  }

  /**
   * The cleanup of {@code dirty} after a test, whose large tables get back only the rows the binary
   * log says the test changed (when dbit follows it); runs nothing but that reading.
   */
  @Override
  public CleanupPlan planAfterTest(Collection<String> dirty) throws SQLException {
    return planner.plan(dirty, countersMoved, resetAutoIncrement, changes(dirty), keyTriggers);
  }

  /**
   * Runs {@code plan} and {@code readingSql} (if not empty) in one request; the bookkeeping changes
   * only once the request has succeeded.
   *
   * @return what {@code reader} made of the request's last result
   */
  <T> T clean(CleanupPlan plan, String readingSql, MultiStatement.Reader<T> reader)
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
      throw rolledBack(sql, e);
    }
    countersMoved = new TreeSet<>(plan.countersMovedAfter());
    return reading;
  }

  /**
   * Rolls back what a failed cleanup started and says which statement failed; the next reset must
   * trust no counter, no followed row and no recorded key.
   */
  private SQLException rolledBack(String sql, MultiStatement.StatementFailed failure) {
    rowLog.ifPresent(RowChangeLog.Watch::distrust);
    keyTriggers.ifPresent(KeyTriggers::distrust);
    return FailedCleanup.rollBack(control.get(), copy, sql, failure);
  }

  /**
   * Restores every table that differs from the post-migration state, found by probing every table:
   * the safe method, for when no counter can be trusted.
   */
  public void resetProbingEverything() throws SQLException {
    distrustKeys();
    if (rowLog.isPresent()) {
      // What the log showed so far is restored by this probe; without this, a statement it could
      // not follow (TRUNCATE) would send the next test's reset to a full comparison too.
      // Sent before the strategy's fresh reading, so not among the requests it accounts for.
      rowLog.get().take(control.get());
    }
    probeAndClean(Optional.empty(), "", rows -> null);
  }

  /**
   * Probes and cleans until nothing differs.
   *
   * @param knownChecksums reference checksums just read, so that the first probe skips them
   * @param readingSql read in the same request as each cleanup, after it
   * @return the reading that followed the last cleanup; empty when nothing needed cleaning
   */
  <T> Optional<T> probeAndClean(
      Optional<Map<String, Long>> knownChecksums,
      String readingSql,
      MultiStatement.Reader<T> reader)
      throws SQLException {
    Optional<KeyTriggers> incomplete = keyTriggers.filter(k -> !k.complete());
    if (incomplete.isPresent()) {
      incomplete.get().ensureInstalled();
    }
    Optional<T> reading = Optional.empty();
    for (int pass = 1; pass <= MAX_PASSES; pass++) {
      List<String> dirty = probe(pass == 1 ? knownChecksums : Optional.empty());
      if (dirty.isEmpty() && !countersToReset()) {
        trustKeysAgain(incomplete);
        return reading;
      }
      CleanupPlan plan = plan(dirty);
      reading = Optional.ofNullable(clean(plan, readingSql, reader));
      if (!plan.needsConfirmation() || dirty.isEmpty()) {
        trustKeysAgain(incomplete);
        return reading;
      }
    }
    throw new IllegalStateException(
        "dbit: "
            + copy
            + " was still dirty after "
            + MAX_PASSES
            + " reset passes; triggers keep writing rows while dbit deletes. Tables: "
            + probe(Optional.empty()));
  }

  /** After a probe that compared every table: the key tables account for what follows. */
  private void trustKeysAgain(Optional<KeyTriggers> incomplete) throws SQLException {
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
  public List<String> differingTables() throws SQLException {
    return probe(Optional.empty());
  }

  /**
   * Tables that differ from the post-migration state, in one round trip. Where key triggers keep a
   * complete account, their key tables stand in for the checksums of the tables they track, and a
   * cascade from a differing table makes the tracked tables it reaches differ too.
   */
  private List<String> probe(Optional<Map<String, Long>> knownChecksums) throws SQLException {
    Optional<KeyTriggers> keyed = keyTriggers.filter(KeyTriggers::complete);
    List<String> checksummed =
        knownChecksums.isPresent()
            ? List.of()
            : referenceTables.stream()
                .filter(t -> keyed.isEmpty() || !keyed.get().tables().contains(t))
                .toList();
    List<String> parts = new ArrayList<>();
    if (!existsSql.isEmpty()) {
      parts.add(existsSql);
    }
    if (keyed.isPresent() && knownChecksums.isEmpty()) {
      parts.add(keyed.get().probeSql());
    }
    if (!checksummed.isEmpty()) {
      parts.add(checksums.sql(checksummed));
    }
    List<String> dirty = new ArrayList<>();
    Map<String, Long> read = knownChecksums.orElse(Map.of());
    if (!parts.isEmpty()) {
      try (Statement statement = control.get().createStatement()) {
        boolean isResult = statement.execute(String.join(";\n", parts));
        if (!emptyTables.isEmpty()) {
          try (ResultSet rows = statement.getResultSet()) {
            dirty.addAll(SchemaLayout.nonEmptyTables(rows, emptyTables));
          }
          isResult = statement.getMoreResults();
        }
        if (keyed.isPresent() && knownChecksums.isEmpty() && isResult) {
          try (ResultSet rows = statement.getResultSet()) {
            dirty.addAll(keyed.get().changedTables(rows));
          }
          isResult = statement.getMoreResults();
        }
        if (!checksummed.isEmpty() && isResult) {
          try (ResultSet rows = statement.getResultSet()) {
            read = checksums.read(rows);
          }
        }
      }
    }
    dirty.addAll(
        checksums.changed(read, knownChecksums.isPresent() ? referenceTables : checksummed));
    if (keyed.isPresent()) {
      for (String reached : layout.withCascades(new LinkedHashSet<>(dirty))) {
        if (keyed.get().tables().contains(reached) && !dirty.contains(reached)) {
          dirty.add(reached);
        }
      }
    }
    return dirty;
  }

  /** Reference tables no key trigger tracks. */
  private List<String> untrackedReferenceTables() {
    return referenceTables.stream()
        .filter(t -> keyTriggers.isEmpty() || !keyTriggers.get().tables().contains(t))
        .toList();
  }

  private void requireOwnership() throws SQLException {
    SchemaOwnership.requireOwned(control.get(), copy, "reset");
  }
}
