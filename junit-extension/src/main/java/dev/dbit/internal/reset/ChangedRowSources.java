package dev.dbit.internal.reset;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.binlog.RowChangeLog;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Where a reset learns which rows of the large reference tables tests changed and what cascade
 * parents released, so that it restores those rows only: the run's change source says so (the
 * binary log dbit follows; dbit's triggers, with their key tables). Without either, large tables
 * and what cascades reached are compared with the template in full.
 */
public final class ChangedRowSources {
  /** Key tables dbit's triggers fill, where it keeps keys by them. */
  private Optional<KeyTables> keyTables = Optional.empty();

  /** The binary log's watch of this copy, when dbit follows it. */
  private Optional<RowChangeLog.Watch> rowLog = Optional.empty();

  private boolean marksReleases;

  /** What the run's change source says tests changed, for the dirty tables given. */
  private Function<Collection<String>, ChangedRows> changes = dirty -> ChangedRows.unknown();

  /** Restores large tables by the rows {@code watch} says tests changed. */
  public void follow(RowChangeLog.Watch watch) {
    rowLog = Optional.of(watch);
  }

  /** The binary log's watch of this copy, where dbit follows it. */
  Optional<RowChangeLog.Watch> log() {
    return rowLog;
  }

  /** Whether dbit follows the binary log for this copy. */
  public boolean followsLog() {
    return rowLog.isPresent();
  }

  /** The large tables restored by changed rows; empty when dbit does not follow the log. */
  public Set<String> followedTables() {
    return rowLog.map(RowChangeLog.Watch::tables).orElse(Set.of());
  }

  /** The change source's account of changed rows, for the dirty tables given. */
  void changesFrom(Function<Collection<String>, ChangedRows> source) {
    changes = source;
  }

  /** Restores the large tables {@code tables} track by the keys dbit's triggers recorded. */
  void keepKeysBy(KeyTables tables) {
    keyTables = Optional.of(tables);
  }

  /** Learns from dbit's triggers ({@code reader}) which parents released values, and which. */
  void markReleasesBy(ChangeMarkerReader reader) {
    marksReleases = true;
    changesFrom(reader::changes);
  }

  /** Whether dbit's triggers keep the values cascade parents release. */
  public boolean marksReleases() {
    return marksReleases;
  }

  /** The large tables restored by the keys dbit's triggers recorded; empty without them. */
  public Set<String> keyedTables() {
    return keyTables.map(KeyTables::tables).orElse(Set.of());
  }

  /** The key tables, where dbit keeps keys by them. */
  Optional<KeyTables> keyTables() {
    return keyTables;
  }

  /**
   * Something no trigger sees may have changed rows (a re-created table): the next probe compares
   * every table. Creates missing key tables at once.
   *
   * @return whether it created any (which gives the schema new table ids)
   */
  boolean distrustKeys() throws SQLException {
    if (keyTables.isEmpty()) {
      return false;
    }
    keyTables.get().distrust();
    return keyTables.get().ensureInstalled();
  }

  /** A cleanup failed: neither the log's rows nor the recorded keys account for the table now. */
  void distrust() {
    rowLog.ifPresent(RowChangeLog.Watch::distrust);
    keyTables.ifPresent(KeyTables::distrust);
  }

  /** Stops following the binary log for this copy; the run is over. */
  public void stopFollowing(Connection control) {
    rowLog.ifPresent(watch -> watch.close(control));
    rowLog = Optional.empty();
  }

  /** What the change source says tests changed, for {@code dirty}. */
  ChangedRows changes(Collection<String> dirty) {
    return changes.apply(dirty);
  }
}
