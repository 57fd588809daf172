package dev.dbit.internal.binlog;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import dev.dbit.internal.template.CascadingKey;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads where each key column of the tables to follow, and each referenced column of the cascading
 * keys to follow, sits in a logged row, and its type.
 *
 * @param tables the followed tables by name
 * @param parents the followed cascading keys, by parent table
 */
record TrackedTables(Map<String, TrackedTable> tables, Map<String, List<ParentKey>> parents) {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /**
   * The tables of {@code keys} (table to its primary-key columns) whose key dbit can read from the
   * log, and the keys of {@code cascades} whose referenced values it can; the others are compared
   * in full, and named in the log where they are {@code large} or a cascade's.
   */
  static TrackedTables read(
      Connection control,
      String copy,
      Map<String, List<String>> keys,
      Set<String> large,
      List<CascadingKey> cascades)
      throws SQLException {
    Map<String, Map<String, Column>> columns = new HashMap<>();
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, DATA_TYPE, COLUMN_TYPE,"
                    + " CHARACTER_SET_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = "
                    + literal(copy))) {
      while (rows.next()) {
        columns
            .computeIfAbsent(rows.getString(1), t -> new LinkedHashMap<>())
            .put(
                rows.getString(2),
                new Column(
                    rows.getInt(3), rows.getString(4), rows.getString(5), rows.getString(6)));
      }
    }
    Map<String, TrackedTable> tracked = new TreeMap<>();
    List<String> unreadable = new ArrayList<>();
    keys.forEach(
        (table, key) -> {
          Map<String, Column> all = columns.getOrDefault(table, Map.of());
          List<KeyColumn> keyColumns = new ArrayList<>();
          for (String name : key) {
            Optional<KeyColumn> readable = readable(all.get(name));
            if (readable.isEmpty()) {
              if (large.contains(table)) {
                unreadable.add(table + " (" + name + ")");
              }
              return;
            }
            keyColumns.add(readable.get());
          }
          tracked.put(table, new TrackedTable(table, all.size(), keyColumns));
        });
    if (!unreadable.isEmpty()) {
      LOG.log(
          Level.INFO,
          "dbit: large tables whose key type the binary log does not give back exactly, compared"
              + " with the template in full after a test changed them: "
              + unreadable);
    }
    return new TrackedTables(tracked, parents(columns, cascades));
  }

  /** The cascading keys whose referenced values dbit can read from the log, by parent table. */
  private static Map<String, List<ParentKey>> parents(
      Map<String, Map<String, Column>> columns, List<CascadingKey> cascades) {
    Map<String, List<ParentKey>> parents = new TreeMap<>();
    List<String> unreadable = new ArrayList<>();
    for (CascadingKey key : cascades) {
      Map<String, Column> all = columns.getOrDefault(key.parent(), Map.of());
      List<KeyColumn> referenced = new ArrayList<>();
      for (String name : key.parentColumns()) {
        readable(all.get(name)).ifPresent(referenced::add);
      }
      if (referenced.size() < key.parentColumns().size()) {
        unreadable.add(key.name() + " (" + key.parent() + ")");
        continue;
      }
      parents
          .computeIfAbsent(key.parent(), t -> new ArrayList<>())
          .add(
              new ParentKey(
                  key.name(),
                  all.size(),
                  referenced,
                  key.onDelete(),
                  key.onUpdate(),
                  placing(all, cascades, key.parent())));
    }
    if (!unreadable.isEmpty()) {
      LOG.log(
          Level.INFO,
          "dbit: cascading foreign keys whose referenced values the binary log does not give back"
              + " exactly; the tables they reach are compared with the template in full after"
              + " their parent changed: "
              + unreadable);
    }
    return parents;
  }

  /**
   * Where a logged row of {@code table} holds the columns that place it under a parent through a
   * cascading key: a row a test moved there may be taken by that parent's cascade.
   */
  private static List<Integer> placing(
      Map<String, Column> columns, List<CascadingKey> cascades, String table) {
    return cascades.stream()
        .filter(k -> k.child().equals(table))
        .flatMap(k -> k.childColumns().stream())
        .distinct()
        .map(c -> columns.get(c).position() - 1)
        .toList();
  }

  /** {@code column} as the log carries it, when its logged values can be written back exactly. */
  private static Optional<KeyColumn> readable(Column column) {
    return column == null
        ? Optional.empty()
        : KeyColumn.of(column.position() - 1, column.dataType(), column.type(), column.charset());
  }

  private record Column(int position, String dataType, String type, String charset) {}
}
