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
 * each followed table, and the tables the log stopped accounting for.
 */
final class CopyWatch {
  final Map<String, TrackedTable> tables;
  Map<String, Set<List<String>>> keys = new HashMap<>();
  Set<String> unfollowed = new HashSet<>();
  boolean everything = true;

  CopyWatch(Map<String, TrackedTable> tables) {
    this.tables = tables;
  }

  /** A logged row of {@code tableName}, whose table map had {@code columnCount} columns. */
  void changed(String tableName, int columnCount, Serializable[] row) {
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

  ChangedRows take() {
    Set<String> followed = new HashSet<>();
    if (everything) {
      followed.addAll(tables.keySet());
      followed.removeAll(unfollowed);
    }
    ChangedRows taken = new ChangedRows(everything ? keys : Map.of(), followed);
    keys = new HashMap<>();
    unfollowed = new HashSet<>();
    everything = true;
    return taken;
  }
}
