package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.template.BookkeepingSchema;
import dev.dbit.internal.template.CascadingKey;
import dev.dbit.internal.template.SchemaLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where dbit's triggers also tell whether a cascade fired, and what it took: the triggers of the
 * parent of a cascading key add its name to {@value #TABLE} in the copy's bookkeeping schema and
 * keep the values it released (in a value table per key) for a deleted row, for an update that
 * changed a referenced column, and, where a cascade reaches the parent itself, for an update that
 * moved the row under another parent of its own (a cascade may take it unseen). A parent marked
 * without its release marker changed no child row: the reset leaves the tables under it alone; with
 * it, the reset restores the rows under the kept values.
 */
final class ReleaseMarkers {
  /** The table the release triggers write, in the copy's bookkeeping schema. */
  static final String TABLE = "released_tables";

  /** The start of the name of the value tables, and of {@link #TABLE}. */
  static final String PREFIX = "released_";

  private final String copy;
  private final Map<String, List<CascadingKey>> keysByParent = new LinkedHashMap<>();
  private final Map<String, List<String>> placing = new LinkedHashMap<>();

  /** The cascading keys of {@code layout} whose parent is among {@code marked} in {@code copy}. */
  ReleaseMarkers(String copy, SchemaLayout layout, Collection<String> marked) {
    this.copy = copy;
    for (CascadingKey key : layout.referenceCascades()) {
      if (marked.contains(key.parent())) {
        keysByParent.computeIfAbsent(key.parent(), t -> new ArrayList<>()).add(key);
      }
    }
    for (CascadingKey key : layout.referenceCascades()) {
      List<String> columns = placing.computeIfAbsent(key.child(), t -> new ArrayList<>());
      key.childColumns().stream().filter(c -> !columns.contains(c)).forEach(columns::add);
    }
  }

  /**
   * What the triggers say cascades took for {@code dirty}: the keys of a parent there that released
   * nothing took nothing; those of a parent among {@code released}, the rows under the values its
   * value tables hold.
   */
  ChangedRows changes(Collection<String> dirty, Set<String> released) {
    Set<String> quiet = new LinkedHashSet<>();
    Map<String, String> tables = new LinkedHashMap<>();
    keysByParent.forEach(
        (parent, keys) -> {
          for (CascadingKey key : keys) {
            if (released.contains(parent)) {
              tables.put(key.name(), BookkeepingSchema.table(copy, valueTable(key)));
            } else if (dirty.contains(parent)) {
              quiet.add(key.name());
            }
          }
        });
    return ChangedRows.unknown().withQuietKeys(quiet).withValueTables(tables);
  }

  /** The bookkeeping table that holds the values {@code key}'s parent released. */
  static String valueTable(CascadingKey key) {
    return PREFIX + DbitTriggers.shortName(key.name());
  }

  /** Statements that create the value tables {@code existing} (lower-case names) lacks. */
  List<String> createValueTablesSql(Set<String> existing) {
    List<String> sql = new ArrayList<>();
    keysByParent.forEach(
        (parent, keys) ->
            keys.stream()
                .filter(k -> !existing.contains(valueTable(k).toLowerCase(Locale.ROOT)))
                .forEach(
                    k ->
                        sql.add(
                            DbitTriggers.createKeptSql(
                                copy, valueTable(k), parent, k.parentColumns()))));
    return sql;
  }

  /** Empties the value tables of the parents among {@code tables} (all of them when null). */
  String clearValuesSql(Collection<String> tables) {
    return keysByParent.entrySet().stream()
        .filter(e -> tables == null || tables.contains(e.getKey()))
        .flatMap(e -> e.getValue().stream())
        .map(k -> "DELETE FROM " + BookkeepingSchema.table(copy, valueTable(k)))
        .collect(Collectors.joining(";\n"));
  }

  /**
   * What the trigger of {@code table} for {@code event} ({@code INSERT}, {@code UPDATE} or {@code
   * DELETE}) runs to mark and keep what it released; empty when that releases nothing.
   */
  Optional<String> part(String table, String event) {
    List<CascadingKey> keys = keysByParent.get(table);
    if (keys == null) {
      return Optional.empty();
    }
    String mark =
        "INSERT INTO "
            + BookkeepingSchema.table(copy, TABLE)
            + " (table_name) VALUES ("
            + literal(table)
            + ")";
    return switch (event) {
      case "DELETE" -> {
        List<CascadingKey> released = keys.stream().filter(CascadingKey::onDelete).toList();
        yield released.isEmpty()
            ? Optional.empty()
            : Optional.of(mark + keep(copy, released, "OLD"));
      }
      case "UPDATE" -> updatePart(keys, placing.getOrDefault(table, List.of()), mark);
      default -> Optional.empty();
    };
  }

  /** Statements, each after a {@code ;}, that keep the {@code row}'s values of {@code keys}. */
  private static String keep(String copy, List<CascadingKey> keys, String row) {
    return keys.stream()
        .map(k -> "; " + DbitTriggers.keepSql(copy, valueTable(k), k.parentColumns(), List.of(row)))
        .collect(Collectors.joining());
  }

  /**
   * For each key whose referenced columns changed (where it cascades on update), or any key when
   * the row moved ({@code placing} changed): the mark and both rows' values.
   */
  private Optional<String> updatePart(List<CascadingKey> keys, List<String> placing, String mark) {
    StringBuilder body = new StringBuilder();
    for (CascadingKey key : keys) {
      List<String> changed = new ArrayList<>();
      if (key.onUpdate()) {
        changed.add(differ(key.parentColumns()));
      }
      if (!placing.isEmpty()) {
        changed.add(differ(placing));
      }
      if (changed.isEmpty()) {
        continue;
      }
      body.append(body.length() == 0 ? "" : "; ")
          .append("IF ")
          .append(String.join(" OR ", changed))
          .append(" THEN ")
          .append(mark)
          .append(keep(copy, List.of(key), "OLD"))
          .append(keep(copy, List.of(key), "NEW"))
          .append("; END IF");
    }
    return body.length() == 0 ? Optional.empty() : Optional.of(body.toString());
  }

  /**
   * Whether {@code columns} differ between {@code OLD} and {@code NEW}, byte for byte: a key
   * changed only in case cascades under a case-insensitive collation.
   */
  private static String differ(List<String> columns) {
    String same =
        columns.stream()
            .map(
                c ->
                    "OLD."
                        + quote(c)
                        + " <=> NEW."
                        + quote(c)
                        + " AND CAST(OLD."
                        + quote(c)
                        + " AS BINARY) <=> CAST(NEW."
                        + quote(c)
                        + " AS BINARY)")
            .collect(Collectors.joining(" AND "));
    return "NOT (" + same + ")";
  }
}
