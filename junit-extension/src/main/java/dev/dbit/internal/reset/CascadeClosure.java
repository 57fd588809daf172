package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.template.CascadingKey;
import dev.dbit.internal.template.RestoreSql;
import dev.dbit.internal.template.RowOrigin;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The rows the cascades of one test took, found from the values their parents released (deleted
 * rows, changed keys) by following the template's rows down, level after level, until no new value
 * appears: through self-references, cycles and chains of any depth. A row a cascade reached may be
 * gone or rewritten, so it releases its own referenced values in turn (all of them where the key
 * deletes, the rewritten columns where it sets null or updates). The server logs and counts none of
 * these rows; the template shows them, since it never changes. What no source bounds is compared in
 * full: a key whose parent changed without its released values known, and a table without a primary
 * key or with more than {@value #MAX_ROWS} rows reached.
 */
final class CascadeClosure {
  /** Reached rows of one table beyond which it is compared in full instead. */
  static final int MAX_ROWS = 5_000;

  private final SchemaLayout layout;
  private final List<CascadingKey> keys;
  private final Map<String, List<CascadingKey>> keysByParent;
  private final Map<String, Set<List<String>>> rows = new HashMap<>();
  private final Set<String> inFull = new TreeSet<>();

  private CascadeClosure(SchemaLayout layout) {
    this.layout = layout;
    this.keys = layout.referenceCascades();
    this.keysByParent = keys.stream().collect(Collectors.groupingBy(CascadingKey::parent));
  }

  /** Nothing known of released values: what cascades from {@code dirty} reach, in full. */
  static CascadeClosure unknown(SchemaLayout layout, Collection<String> dirty) {
    CascadeClosure closure = new CascadeClosure(layout);
    closure.keys.stream()
        .filter(k -> dirty.contains(k.parent()))
        .forEach(k -> closure.wholeTables(k.child()));
    return closure;
  }

  /**
   * What the cascades took, from the values {@code changes} says their parents released (or a table
   * of dbit's holds, where its triggers kept them); reads the template over {@code control}, one
   * request per level of the cascades that released anything.
   */
  static CascadeClosure of(
      Connection control,
      SchemaLayout layout,
      RowOrigin from,
      Collection<String> dirty,
      ChangedRows changes)
      throws SQLException {
    CascadeClosure closure = new CascadeClosure(layout);
    // Each key with the values under which to look, as the inside of an IN (...).
    Map<CascadingKey, String> level = new LinkedHashMap<>();
    Map<String, Set<List<String>>> seen = new HashMap<>();
    for (CascadingKey key : closure.keys) {
      String holder = changes.valueTables().get(key.name());
      Optional<Set<List<String>>> released = changes.releasedBy(key.name());
      if (holder != null) {
        level.put(key, "SELECT " + columnList(key.parentColumns()) + " FROM " + holder);
      } else if (released.isPresent() && !released.get().isEmpty()) {
        level.put(key, RestoreSql.valueList(released.get()));
        seen.put(key.name(), new HashSet<>(released.get()));
      } else if (released.isEmpty() && dirty.contains(key.parent())) {
        closure.wholeTables(key.child());
      }
    }
    while (!level.isEmpty()) {
      level = closure.nextLevel(control, from, level, seen);
    }
    return closure;
  }

  /**
   * Reads the template's rows under one level's values, in one request, and returns the values
   * those rows release that no earlier level looked under.
   */
  private Map<CascadingKey, String> nextLevel(
      Connection control,
      RowOrigin from,
      Map<CascadingKey, String> level,
      Map<String, Set<List<String>>> seen)
      throws SQLException {
    level.keySet().removeIf(key -> inFull.contains(key.child()));
    for (CascadingKey key : List.copyOf(level.keySet())) {
      if (primaryKey(key.child()) == null) {
        wholeTables(key.child());
        level.remove(key);
      }
    }
    List<CascadingKey> keysRead = List.copyOf(level.keySet());
    List<String> queries = new ArrayList<>();
    level.forEach((key, in) -> queries.add(childRowsSql(from, key, in)));
    Map<CascadingKey, Set<List<String>>> next = new LinkedHashMap<>();
    read(control, queries, (i, row) -> reached(keysRead.get(i), row, seen, next));
    Map<CascadingKey, String> nextLevel = new LinkedHashMap<>();
    next.forEach((key, values) -> nextLevel.put(key, RestoreSql.valueList(values)));
    return nextLevel;
  }

  /**
   * The template's rows of {@code key}'s child under the values {@code in} gives: their primary
   * key, then the columns each key whose parent is that child refers to.
   */
  private String childRowsSql(RowOrigin from, CascadingKey key, String in) {
    List<String> columns = new ArrayList<>(primaryKey(key.child()));
    childKeys(key.child()).forEach(k -> columns.addAll(k.parentColumns()));
    return "SELECT "
        + columnList(columns)
        + " FROM "
        + from.of(key.child())
        + " WHERE "
        + RestoreSql.keyTuple(key.childColumns())
        + " IN ("
        + in
        + ")";
  }

  private static String columnList(List<String> columns) {
    return columns.stream().map(c -> quote(c)).collect(Collectors.joining(", "));
  }

  /** Notes a row {@code key}'s cascade reached, and the values it releases in turn. */
  private void reached(
      CascadingKey key,
      ResultSet row,
      Map<String, Set<List<String>>> seen,
      Map<CascadingKey, Set<List<String>>> next)
      throws SQLException {
    String table = key.child();
    if (inFull.contains(table)) {
      return;
    }
    List<String> primaryKey = primaryKey(table);
    Set<List<String>> tableRows = rows.computeIfAbsent(table, t -> new HashSet<>());
    tableRows.add(KeyLiterals.read(row, 1, primaryKey.size()));
    if (tableRows.size() > MAX_ROWS) {
      wholeTables(table);
      return;
    }
    int column = primaryKey.size() + 1;
    for (CascadingKey further : childKeys(table)) {
      int width = further.parentColumns().size();
      List<String> value = KeyLiterals.read(row, column, width);
      column += width;
      if (value != null
          && releases(key, further)
          && seen.computeIfAbsent(further.name(), k -> new HashSet<>()).add(value)) {
        next.computeIfAbsent(further, k -> new HashSet<>()).add(value);
      }
    }
  }

  /**
   * Whether a row {@code key}'s cascade reached releases its values of {@code further}: always
   * where the cascade deletes it, else where it rewrites columns {@code further} refers to.
   */
  private static boolean releases(CascadingKey key, CascadingKey further) {
    return key.deleteRule().equals("CASCADE")
        || !Collections.disjoint(key.childColumns(), further.parentColumns());
  }

  /** {@code table} and every table cascades reach from it: compared in full. */
  private void wholeTables(String table) {
    Set<String> reach = layout.withCascades(Set.of(table));
    inFull.addAll(reach);
    reach.forEach(rows::remove);
  }

  private List<String> primaryKey(String table) {
    return layout.rowKeys().get(table);
  }

  private List<CascadingKey> childKeys(String table) {
    return keysByParent.getOrDefault(table, List.of());
  }

  /** What a reader does with one row of the result of query {@code index}. */
  private interface RowReader {
    void read(int index, ResultSet row) throws SQLException;
  }

  /** Runs {@code queries} in one request and hands each row to {@code reader}. */
  private static void read(Connection control, List<String> queries, RowReader reader)
      throws SQLException {
    if (queries.isEmpty()) {
      return;
    }
    try (Statement statement = control.createStatement()) {
      statement.execute(String.join(";\n", queries));
      for (int i = 0; i < queries.size(); i++) {
        if (i > 0) {
          statement.getMoreResults();
        }
        try (ResultSet rows = statement.getResultSet()) {
          while (rows.next()) {
            reader.read(i, rows);
          }
        }
      }
    }
  }

  /** Every table a cascade reached, in part or in full. */
  Set<String> reached() {
    Set<String> reached = new TreeSet<>(rows.keySet());
    reached.addAll(inFull);
    return reached;
  }

  /** Whether {@code table} must be compared with the template (or reloaded) in full. */
  boolean inFull(String table) {
    return inFull.contains(table);
  }

  /** The primary keys of the rows of {@code table} a cascade reached, as SQL literals. */
  Set<List<String>> rows(String table) {
    return inFull.contains(table) ? Set.of() : rows.getOrDefault(table, Set.of());
  }
}
