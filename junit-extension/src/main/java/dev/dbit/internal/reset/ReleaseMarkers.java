package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import dev.dbit.internal.template.BookkeepingSchema;
import dev.dbit.internal.template.CascadingKey;
import dev.dbit.internal.template.SchemaLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Where dbit's marker triggers also tell whether a cascade fired: the parent of a cascading key
 * gets {@code dbit_rd_/dbit_ru_<table>} triggers that add its name to {@value #TABLE} in the copy's
 * bookkeeping schema for a deleted row and for an update that changed a referenced column; a parent
 * that a cascade reaches itself ({@code dbit_ri_} too) for every row. A parent marked without its
 * release marker changed no child row: the reset leaves the tables under it alone. With the release
 * marker, those tables are compared with the template in full: the triggers do not keep the
 * released values.
 */
final class ReleaseMarkers {
  /** The table the release triggers write, in the copy's bookkeeping schema. */
  static final String TABLE = "released_tables";

  /** The events of the release triggers, as their names show them. */
  static final List<String> CODES = List.of("rd", "ru", "ri");

  private final Map<String, List<CascadingKey>> keysByParent = new LinkedHashMap<>();
  private final Set<String> reached;

  /** The cascading keys of {@code layout} whose parent is among {@code marked}. */
  ReleaseMarkers(SchemaLayout layout, Collection<String> marked) {
    for (CascadingKey key : layout.cascadingKeys()) {
      if (layout.referenceTables().contains(key.child()) && marked.contains(key.parent())) {
        keysByParent.computeIfAbsent(key.parent(), t -> new ArrayList<>()).add(key);
      }
    }
    reached = layout.cascadingKeys().stream().map(CascadingKey::child).collect(Collectors.toSet());
  }

  /**
   * The marker that says {@code parent} released values to a cascade, as {@link ChangeMarkers#read}
   * names it among the changed tables (no table's name starts with NUL).
   */
  static String marker(String parent) {
    return "\0" + parent;
  }

  /** Whether {@code name}, as read with the changed tables, is a release marker. */
  static boolean isMarker(String name) {
    return name.startsWith("\0");
  }

  /** The parents that get release triggers. */
  Set<String> parents() {
    return keysByParent.keySet();
  }

  /**
   * The cascading keys whose parent is among {@code dirty} and carries no release marker there: the
   * log of what they released is complete, and empty.
   */
  Set<String> quietKeys(Collection<String> dirty) {
    Set<String> quiet = new LinkedHashSet<>();
    keysByParent.forEach(
        (parent, keys) -> {
          if (!dirty.contains(marker(parent))) {
            keys.forEach(k -> quiet.add(k.name()));
          }
        });
    return quiet;
  }

  /** The trigger {@code code} of {@code parent}, or empty when it gets none. */
  Optional<String> createSql(String copy, String parent, String code) {
    List<CascadingKey> keys = keysByParent.get(parent);
    boolean everyRow = reached.contains(parent);
    String mark =
        "INSERT INTO "
            + BookkeepingSchema.table(copy, TABLE)
            + " (table_name) VALUES ("
            + literal(parent)
            + ")";
    return switch (code) {
      case "rd" ->
          everyRow || keys.stream().anyMatch(CascadingKey::onDelete)
              ? Optional.of(trigger(copy, parent, code, "DELETE", mark))
              : Optional.empty();
      case "ri" ->
          everyRow ? Optional.of(trigger(copy, parent, code, "INSERT", mark)) : Optional.empty();
      default -> updateTrigger(copy, parent, keys, everyRow, mark);
    };
  }

  private static Optional<String> updateTrigger(
      String copy, String parent, List<CascadingKey> keys, boolean everyRow, String mark) {
    if (everyRow) {
      return Optional.of(trigger(copy, parent, "ru", "UPDATE", mark));
    }
    Set<String> columns = new TreeSet<>();
    keys.stream().filter(CascadingKey::onUpdate).forEach(k -> columns.addAll(k.parentColumns()));
    if (columns.isEmpty()) {
      return Optional.empty();
    }
    String same =
        columns.stream()
            .map(c -> "OLD." + quote(c) + " <=> NEW." + quote(c))
            .collect(Collectors.joining(" AND "));
    // Byte for byte: a key changed only in case still cascades under a case-insensitive collation.
    String sameBytes =
        columns.stream()
            .map(
                c ->
                    "CAST(OLD." + quote(c) + " AS BINARY) <=> CAST(NEW." + quote(c) + " AS BINARY)")
            .collect(Collectors.joining(" AND "));
    return Optional.of(
        trigger(
            copy,
            parent,
            "ru",
            "UPDATE",
            "IF NOT (" + same + " AND " + sameBytes + ") THEN " + mark + "; END IF"));
  }

  private static String trigger(
      String copy, String parent, String code, String event, String statement) {
    return DbitTriggers.createSql(copy, parent, code, event, ChangeMarkers.MARKERS_OFF, statement);
  }
}
