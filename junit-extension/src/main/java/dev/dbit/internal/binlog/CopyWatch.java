package dev.dbit.internal.binlog;

import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one copy's tests changed since the last reset, as the log showed it: the keys of the rows of
 * each followed table, the referenced values each cascading key's parent handed to its cascade, and
 * what the log stopped accounting for.
 */
final class CopyWatch {
  final Map<String, TrackedTable> tables;
  private final Map<String, List<ParentKey>> parents;
  private Map<String, Set<List<String>>> keys = new HashMap<>();
  private Set<String> unfollowed = new HashSet<>();
  private Map<String, Set<List<String>>> released = new HashMap<>();
  private Set<String> unfollowedKeys = new HashSet<>();
  private Set<String> written = new HashSet<>();
  boolean everything = true;

  /**
   * @param tables tables whose changed keys to keep, by name
   * @param parents cascading keys whose released values to keep, by parent table
   */
  CopyWatch(Map<String, TrackedTable> tables, Map<String, List<ParentKey>> parents) {
    this.tables = tables;
    this.parents = parents;
  }

  /** A logged insert ({@code before} null), delete ({@code after} null) or update. */
  void changed(String table, int columnCount, Serializable[] before, Serializable[] after) {
    written.add(table);
    if (before != null) {
      keep(table, columnCount, before);
    }
    if (after != null) {
      keep(table, columnCount, after);
    }
    for (ParentKey key : parents.getOrDefault(table, List.of())) {
      release(key, columnCount, before, after);
    }
  }

  private void keep(String tableName, int columnCount, Serializable[] row) {
    TrackedTable table = tables.get(tableName);
    if (table == null || unfollowed.contains(table.name())) {
      return;
    }
    Optional<List<String>> key =
        columnCount == table.columnCount() ? table.keyOf(row) : Optional.empty();
    Set<List<String>> changed = keys.computeIfAbsent(table.name(), t -> new HashSet<>());
    if (key.isEmpty() || changed.size() >= RowChangeLog.MAX_KEYS) {
      unfollowed.add(table.name());
      keys.remove(table.name());
    } else {
      changed.add(key.get());
    }
  }

  /** Keeps the referenced values a logged change hands to {@code key}'s cascade. */
  private void release(
      ParentKey key, int columnCount, Serializable[] before, Serializable[] after) {
    if (unfollowedKeys.contains(key.name())) {
      return;
    }
    boolean inserted = before == null;
    boolean deleted = after == null;
    Optional<List<String>> old = inserted ? Optional.of(List.of()) : key.valuesOf(before);
    Optional<List<String>> now = deleted ? Optional.of(List.of()) : key.valuesOf(after);
    if (columnCount != key.columnCount() || old.isEmpty() || now.isEmpty()) {
      unfollowKey(key);
      return;
    }
    boolean cascades =
        deleted
            ? key.onDelete()
            : !inserted
                && ((key.onUpdate() && !old.get().equals(now.get())) || key.moved(before, after));
    if (!cascades) {
      return;
    }
    Set<List<String>> values = released.computeIfAbsent(key.name(), k -> new HashSet<>());
    for (List<String> value : List.of(old.get(), now.get())) {
      if (!value.isEmpty()) {
        values.add(value);
      }
    }
    if (values.size() > RowChangeLog.MAX_KEYS) {
      unfollowKey(key);
    }
  }

  private void unfollowKey(ParentKey key) {
    unfollowedKeys.add(key.name());
    released.remove(key.name());
  }

  /** What the log showed since the last take; starts the next account. */
  LogAccount take() {
    Set<String> followed = new HashSet<>();
    Set<String> followedKeys = new HashSet<>();
    if (everything) {
      followed.addAll(tables.keySet());
      followed.removeAll(unfollowed);
      parents.values().forEach(list -> list.forEach(k -> followedKeys.add(k.name())));
      followedKeys.removeAll(unfollowedKeys);
    }
    LogAccount taken =
        everything
            ? new LogAccount(
                Optional.of(written), new ChangedRows(keys, followed, released, followedKeys))
            : LogAccount.unknown();
    written = new HashSet<>();
    keys = new HashMap<>();
    unfollowed = new HashSet<>();
    released = new HashMap<>();
    unfollowedKeys = new HashSet<>();
    everything = true;
    return taken;
  }
}
