package dev.dbit.internal.reset;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.binlog.RowChangeLog;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Where a reset learns which rows of the large reference tables tests changed, so that it restores
 * those rows only: the server's binary log, which dbit follows where it can, or dbit's key triggers
 * where the server has neither a usable log nor counters per table. Without either, large tables
 * are compared with the template in full.
 */
public final class ChangedRowSources {
  /** Tables whose changes the log is read for: large tables and the parents of cascades. */
  private final Set<String> rowsRead;

  /** Triggers that keep the keys of changed rows of large tables, where dbit installed them. */
  private Optional<KeyTables> keyTriggers = Optional.empty();

  /** The binary log's account of changed rows, when dbit follows it for this copy. */
  private Optional<RowChangeLog.Watch> rowLog = Optional.empty();

  /** Where dbit's triggers mark the parents that released values to a cascade. */
  private Optional<ReleaseMarkers> releases = Optional.empty();

  /** What the log said for the reset under way; read at most once per reset. */
  private ChangedRows changesThisReset;

  /** The log's account as the reset engine's reader took it, where that reader takes it. */
  private Optional<Supplier<ChangedRows>> taken = Optional.empty();

  ChangedRowSources(SchemaLayout layout) {
    Set<String> read = new HashSet<>(layout.largeTableKeys().keySet());
    read.addAll(layout.cascadeParents());
    this.rowsRead = Set.copyOf(read);
  }

  /** Restores large tables by the rows {@code watch} says tests changed. */
  public void follow(RowChangeLog.Watch watch) {
    rowLog = Optional.of(watch);
  }

  /** The binary log's watch of this copy, where dbit follows it. */
  Optional<RowChangeLog.Watch> log() {
    return rowLog;
  }

  /**
   * The reset engine's reader takes the log's account in each reading: resets restore by what
   * {@code account} says it took, and never take it themselves.
   */
  void takenBy(Supplier<ChangedRows> account) {
    taken = Optional.of(account);
  }

  /** Whether dbit follows the binary log for this copy. */
  public boolean followsLog() {
    return rowLog.isPresent();
  }

  /** The large tables restored by changed rows; empty when dbit does not follow the log. */
  public Set<String> followedTables() {
    return rowLog.map(RowChangeLog.Watch::tables).orElse(Set.of());
  }

  /** Restores the large tables {@code triggers} track by the keys they recorded. */
  public void keepKeysBy(KeyTables triggers) {
    keyTriggers = Optional.of(triggers);
  }

  /** Learns from {@code markers} which parents released nothing to their cascades. */
  void markReleasesBy(ReleaseMarkers markers) {
    releases = Optional.of(markers);
  }

  /** How this run restores what cascades change, for the ready line. */
  public String describeCascades(SchemaLayout layout) {
    return CascadeScope.describe(layout, followsLog(), releases.isPresent());
  }

  /** {@code changed} without the release markers: the tables alone. */
  static Set<String> tablesOf(Collection<String> changed) {
    Set<String> tables = new LinkedHashSet<>(changed);
    tables.removeIf(ReleaseMarkers::isMarker);
    return tables;
  }

  /** Stops using key triggers: the reader finds changed tables another way. */
  public void forgetKeys() {
    keyTriggers = Optional.empty();
  }

  /** The large tables restored by the keys dbit's triggers recorded; empty without them. */
  public Set<String> keyedTables() {
    return keyTriggers.map(KeyTables::tables).orElse(Set.of());
  }

  /** The key triggers, where dbit keeps keys by them. */
  Optional<KeyTables> keyTriggers() {
    return keyTriggers;
  }

  /**
   * Something no trigger sees may have changed rows (a re-created table): the next probe compares
   * every table. Recreates missing triggers and key tables at once.
   *
   * @return whether it created any (which gives the schema new table ids)
   */
  boolean distrustKeys() throws SQLException {
    if (keyTriggers.isEmpty()) {
      return false;
    }
    keyTriggers.get().distrust();
    return keyTriggers.get().ensureInstalled();
  }

  /** A cleanup failed: neither the log's rows nor the recorded keys account for the table now. */
  void distrust() {
    rowLog.ifPresent(RowChangeLog.Watch::distrust);
    keyTriggers.ifPresent(KeyTables::distrust);
  }

  /** Stops following the binary log for this copy; the run is over. */
  public void stopFollowing() {
    rowLog.ifPresent(RowChangeLog.Watch::close);
    rowLog = Optional.empty();
  }

  /** A new reset begins: the log is read again when it asks. */
  void nextReset() {
    changesThisReset = null;
  }

  /**
   * The rows tests changed since the last reset, read once per reset and only when a large table or
   * the parent of a cascade is among {@code dirty}; where dbit's triggers mark releases instead,
   * the cascading keys whose parent in {@code dirty} released nothing.
   */
  ChangedRows changes(Connection control, Collection<String> dirty) throws SQLException {
    if (releases.isPresent() && rowLog.isEmpty()) {
      return ChangedRows.unknown()
          .withQuietKeys(releases.get().quietKeys(dirty))
          .withValueTables(releases.get().valueTables(dirty));
    }
    if (taken.isPresent()) {
      return taken.get().get();
    }
    if (rowLog.isEmpty() || dirty.stream().noneMatch(rowsRead::contains)) {
      return changesThisReset == null ? ChangedRows.unknown() : changesThisReset;
    }
    if (changesThisReset == null) {
      // Not counted among dbit's own statements: its one request is a SHOW, which MariaDB's user
      // statistics never count; counting it made the next test's statements look one short of
      // dbit's, and its end waited 2 s for a statement the server would never show.
      changesThisReset = rowLog.get().take(control);
    }
    return changesThisReset;
  }

  /**
   * Before a probe of every table, which restores what the log showed so far: without taking it, a
   * statement the log could not follow ({@code TRUNCATE}) would send the next reset to a full
   * comparison too.
   */
  void takeBeforeProbe(Connection control) throws SQLException {
    if (rowLog.isPresent()) {
      rowLog.get().take(control);
    }
  }
}
