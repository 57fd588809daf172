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
 * What the run's change source tells a reset about rows, decided once by {@link ResetEngines}: the
 * rows of large tables tests changed and the values cascade parents released, from the binary log
 * dbit follows or from dbit's triggers (with the key tables they fill). Without either, large
 * tables and what cascades reach are compared with the template in full.
 *
 * @param log the binary log's watch of the copy, where dbit follows it
 * @param keys the key tables dbit's triggers fill, where it keeps keys by them
 * @param changes what the source says tests changed, for the dirty tables given, where it says
 */
public record RowSource(
    Optional<RowChangeLog.Watch> log,
    Optional<KeyTables> keys,
    Optional<Function<Collection<String>, ChangedRows>> changes) {

  /** No source of rows: every large table and every table a cascade reaches compared in full. */
  static final RowSource NONE = new RowSource(Optional.empty(), Optional.empty(), Optional.empty());

  /** The rows the log that {@code reader} follows showed since the last cleanup. */
  static RowSource log(RowChangeLog.Watch watch, BinaryLogReader reader) {
    return new RowSource(
        Optional.of(watch), Optional.empty(), Optional.of(d -> reader.pendingRows()));
  }

  /** The keys and released values dbit's triggers recorded, which {@code reader} reads. */
  static RowSource triggers(Optional<KeyTables> keys, ChangeMarkerReader reader) {
    return new RowSource(Optional.empty(), keys, Optional.of(reader::changes));
  }

  /** What the source says tests changed, for {@code dirty}; unknown without a source. */
  ChangedRows changes(Collection<String> dirty) {
    return changes.map(source -> source.apply(dirty)).orElse(ChangedRows.unknown());
  }

  /** The large tables restored by the rows the log shows; empty when dbit does not follow it. */
  public Set<String> followedTables() {
    return log.map(RowChangeLog.Watch::tables).orElse(Set.of());
  }

  /** The large tables restored by the keys dbit's triggers recorded; empty without them. */
  public Set<String> keyedTables() {
    return keys.map(KeyTables::tables).orElse(Set.of());
  }

  /** Where the values cascade parents released come from, for the ready line; empty if nowhere. */
  public Optional<String> releasesFrom() {
    if (changes.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(log.isPresent() ? "binary log" : "values kept by dbit's triggers");
  }

  /**
   * Something no trigger sees may have changed rows (a re-created table): the next probe compares
   * every table. Creates missing key tables at once.
   */
  void distrustKeys() throws SQLException {
    if (keys.isPresent()) {
      keys.get().distrust();
      keys.get().ensureInstalled();
    }
  }

  /** A cleanup failed: neither the log's rows nor the recorded keys account for the table now. */
  void distrust() {
    log.ifPresent(RowChangeLog.Watch::distrust);
    keys.ifPresent(KeyTables::distrust);
  }

  /** Stops following the binary log for this copy; the run is over. */
  public void stopFollowing(Connection control) {
    log.ifPresent(watch -> watch.close(control));
  }
}
