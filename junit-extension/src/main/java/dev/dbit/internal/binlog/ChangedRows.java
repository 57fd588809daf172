package dev.dbit.internal.binlog;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the binary log says tests changed in a copy since the last reset: for each followed table,
 * the keys of every row written, deleted or updated (before and after an update of the key).
 *
 * @param keys for each table in {@code followed}, the changed rows' keys as SQL literals
 * @param followed tables whose every change the log showed; others need a full comparison
 */
public record ChangedRows(Map<String, Set<List<String>>> keys, Set<String> followed) {
  public ChangedRows {
    keys = Map.copyOf(keys);
    followed = Set.copyOf(followed);
  }

  /** Nothing known: every table needs a full comparison. */
  public static ChangedRows unknown() {
    return new ChangedRows(Map.of(), Set.of());
  }

  /** The keys of the rows of {@code table} tests changed, when the log followed every change. */
  public Optional<Set<List<String>>> of(String table) {
    return followed.contains(table)
        ? Optional.of(keys.getOrDefault(table, Set.of()))
        : Optional.empty();
  }
}
