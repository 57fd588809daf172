package dev.dbit.internal.binlog;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the binary log says tests changed in a copy since the last reset: for each followed table,
 * the keys of every row written, deleted or updated (before and after an update of the key); for
 * each followed cascading foreign key, the referenced values its parent's changes handed to the
 * cascade (deleted rows, changed keys).
 *
 * @param keys for each table in {@code followed}, the changed rows' keys as SQL literals
 * @param followed tables whose every change the log showed; others need a full comparison
 * @param released for each key in {@code followedKeys} (by constraint name), the referenced values
 *     as SQL literals, in key order
 * @param followedKeys cascading keys whose parent's every change the log showed
 * @param valueTables where no log shows the values, cascading keys (by name) whose released values
 *     dbit's triggers kept, each with the table (named in full) that holds them
 */
public record ChangedRows(
    Map<String, Set<List<String>>> keys,
    Set<String> followed,
    Map<String, Set<List<String>>> released,
    Set<String> followedKeys,
    Map<String, String> valueTables) {
  public ChangedRows {
    keys = Map.copyOf(keys);
    followed = Set.copyOf(followed);
    released = Map.copyOf(released);
    followedKeys = Set.copyOf(followedKeys);
    valueTables = Map.copyOf(valueTables);
  }

  /** What the binary log showed: no value tables. */
  public ChangedRows(
      Map<String, Set<List<String>>> keys,
      Set<String> followed,
      Map<String, Set<List<String>>> released,
      Set<String> followedKeys) {
    this(keys, followed, released, followedKeys, Map.of());
  }

  /** Nothing known: every table needs a full comparison. */
  public static ChangedRows unknown() {
    return new ChangedRows(Map.of(), Set.of(), Map.of(), Set.of());
  }

  /** These changes, and cascading keys {@code quiet} whose parent released nothing. */
  public ChangedRows withQuietKeys(Set<String> quiet) {
    Set<String> keys = new HashSet<>(followedKeys);
    keys.addAll(quiet);
    return new ChangedRows(this.keys, followed, released, keys, valueTables);
  }

  /** These changes, and the tables that hold what the parents of {@code tables}' keys released. */
  public ChangedRows withValueTables(Map<String, String> tables) {
    return new ChangedRows(keys, followed, released, followedKeys, tables);
  }

  /**
   * These changes followed by {@code later}'s: a table or key stays followed only if both followed
   * it, with the keys and values of both.
   */
  public ChangedRows and(ChangedRows later) {
    Set<String> tables = new HashSet<>(followed);
    tables.retainAll(later.followed);
    Set<String> keyNames = new HashSet<>(followedKeys);
    keyNames.retainAll(later.followedKeys);
    return new ChangedRows(
        union(keys, later.keys, tables),
        tables,
        union(released, later.released, keyNames),
        keyNames);
  }

  private static Map<String, Set<List<String>>> union(
      Map<String, Set<List<String>>> first,
      Map<String, Set<List<String>>> second,
      Set<String> kept) {
    Map<String, Set<List<String>>> both = new HashMap<>();
    for (String name : kept) {
      Set<List<String>> values = new HashSet<>(first.getOrDefault(name, Set.of()));
      values.addAll(second.getOrDefault(name, Set.of()));
      if (!values.isEmpty()) {
        both.put(name, values);
      }
    }
    return both;
  }

  /** The keys of the rows of {@code table} tests changed, when the log followed every change. */
  public Optional<Set<List<String>>> of(String table) {
    return followed.contains(table)
        ? Optional.of(keys.getOrDefault(table, Set.of()))
        : Optional.empty();
  }

  /**
   * The referenced values the parent of cascading key {@code name} handed to its cascade, when the
   * log followed every change of the parent; empty when nothing cascaded.
   */
  public Optional<Set<List<String>>> releasedBy(String name) {
    return followedKeys.contains(name)
        ? Optional.of(released.getOrDefault(name, Set.of()))
        : Optional.empty();
  }
}
