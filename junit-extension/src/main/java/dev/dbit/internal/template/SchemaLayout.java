package dev.dbit.internal.template;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What a migrated schema holds: its tables, which of them have reference rows, its views and
 * triggers. Read once from the template; the copies have the same layout.
 *
 * @param tables base tables in name order, without dbit's marker and Flyway's history
 * @param referenceColumns for each table that has rows after migration, its insertable columns
 * @param views view names
 * @param triggers trigger names
 * @param deleteTriggerTables tables with a DELETE trigger
 * @param insertTriggerTables tables with an INSERT trigger
 * @param triggerTargets for each table with triggers, the tables its trigger bodies name
 * @param cascadingKeys the foreign keys that cascade or set null on delete or update: the server
 *     changes their child rows without logging or counting them as row writes
 * @param autoIncrementTables tables with an {@code AUTO_INCREMENT} column
 * @param columnListTables tables with generated or invisible columns: their rows are copied naming
 *     the insertable columns; all others with {@code SELECT *}, which MariaDB 11.4 needs for a
 *     table with a {@code BEFORE INSERT} trigger (a multi-row {@code INSERT ... SELECT} naming its
 *     columns fails there with "Column ... cannot be null")
 * @param lenientCopyTables on MariaDB, tables with generated columns (no invisible ones) and a
 *     {@code BEFORE INSERT} trigger: their rows are copied with {@code SELECT *}, the statement run
 *     without strict mode ({@code SET STATEMENT sql_mode = ... FOR}), so that the server ignores
 *     the generated columns' values with a warning and computes them again
 * @param rowKeys for each reference table restored by the rows that differ, its primary key columns
 *     (see {@link RowKeys})
 */
public record SchemaLayout(
    List<String> tables,
    Map<String, List<String>> referenceColumns,
    List<String> views,
    List<String> triggers,
    Set<String> deleteTriggerTables,
    Set<String> insertTriggerTables,
    Map<String, Set<String>> triggerTargets,
    List<CascadingKey> cascadingKeys,
    Set<String> autoIncrementTables,
    Set<String> columnListTables,
    Set<String> lenientCopyTables,
    Map<String, List<String>> rowKeys) {

  public SchemaLayout {
    tables = List.copyOf(tables);
    referenceColumns = Collections.unmodifiableMap(new LinkedHashMap<>(referenceColumns));
    views = List.copyOf(views);
    triggers = List.copyOf(triggers);
    deleteTriggerTables = Set.copyOf(deleteTriggerTables);
    insertTriggerTables = Set.copyOf(insertTriggerTables);
    triggerTargets = Map.copyOf(triggerTargets);
    cascadingKeys = List.copyOf(cascadingKeys);
    autoIncrementTables = Set.copyOf(autoIncrementTables);
    columnListTables = Set.copyOf(columnListTables);
    lenientCopyTables = Set.copyOf(lenientCopyTables);
    rowKeys = Map.copyOf(rowKeys);
  }

  /** Tables that hold rows after migration. */
  public Set<String> referenceTables() {
    return referenceColumns.keySet();
  }

  /** Tables that are empty after migration. */
  public List<String> emptyTables() {
    return tables.stream().filter(t -> !referenceColumns.containsKey(t)).toList();
  }

  /**
   * The user's tables and views of a schema, by name; dbit's marker and history tables left out.
   */
  private record Names(List<String> tables, List<String> views) {}

  /** The tables of {@code schema} by name, as {@link #tables()} lists them, in one query. */
  public static List<String> tableNames(Connection connection, String schema) throws SQLException {
    return names(connection, schema).tables();
  }

  private static Names names(Connection connection, String schema) throws SQLException {
    List<String> tables = new ArrayList<>();
    List<String> views = new ArrayList<>();
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?"
                + " ORDER BY TABLE_NAME")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          String name = rows.getString(1);
          if (name.equals(SchemaOwnership.MARKER_TABLE)
              || name.equals(TemplateBuilder.HISTORY_TABLE)) {
            continue;
          }
          if ("VIEW".equals(rows.getString(2))) {
            views.add(name);
          } else {
            tables.add(name);
          }
        }
      }
    }
    return new Names(tables, views);
  }

  /** Reads the layout of {@code schema}. */
  public static SchemaLayout read(Connection connection, String schema) throws SQLException {
    Names names = names(connection, schema);
    List<String> tables = names.tables();
    List<String> views = names.views();
    Map<String, List<String>> referenceColumns = new LinkedHashMap<>();
    TableColumns columns = TableColumns.read(connection, schema);
    for (String table : nonEmptyTables(connection, schema, tables)) {
      referenceColumns.put(table, columns.insertable().get(table));
    }
    TableTriggers triggers = TableTriggers.read(connection, schema, tables);
    Set<String> lenient = new TreeSet<>();
    if (connection.getMetaData().getDatabaseProductVersion().contains("MariaDB")) {
      columns.generated().stream()
          .filter(triggers.beforeInsert()::contains)
          .filter(t -> !columns.invisible().contains(t))
          .forEach(lenient::add);
    }
    List<CascadingKey> cascadingKeys = CascadingKey.read(connection, schema);
    Set<String> cascadedInto =
        cascadingKeys.stream().map(CascadingKey::child).collect(Collectors.toSet());
    Set<String> columnList = new TreeSet<>(columns.generated());
    columnList.addAll(columns.invisible());
    columnList.removeAll(lenient);
    return new SchemaLayout(
        tables,
        referenceColumns,
        views,
        triggers.names(),
        triggers.onDelete(),
        triggers.onInsert(),
        triggers.targets(),
        cascadingKeys,
        columns.autoIncrement().stream().filter(tables::contains).collect(Collectors.toSet()),
        columnList.stream().filter(tables::contains).collect(Collectors.toSet()),
        lenient.stream().filter(tables::contains).collect(Collectors.toSet()),
        RowKeys.read(connection, schema, referenceColumns.keySet(), cascadedInto));
  }

  /** The primary key columns of every table of this layout that has one, in {@code schema}. */
  public Map<String, List<String>> primaryKeys(Connection connection, String schema)
      throws SQLException {
    Set<String> all = Set.copyOf(tables);
    return RowKeys.read(connection, schema, all, all);
  }

  /** Every table's insertable columns in {@code schema}, in one query. */
  public static Map<String, List<String>> insertableColumns(Connection connection, String schema)
      throws SQLException {
    return TableColumns.read(connection, schema).insertable();
  }

  /**
   * This layout with {@code changed} as {@code schema} holds them now: which of them hold rows,
   * with their {@code insertable} columns; restored by rows (by primary key) where large, under a
   * cascade or {@code byRows} (the change source names their changed rows). The layout of a class's
   * starting state; two queries.
   */
  public SchemaLayout withRowsOf(
      Connection connection,
      String schema,
      Collection<String> changed,
      Map<String, List<String>> insertable,
      Set<String> byRows)
      throws SQLException {
    List<String> own = tables.stream().filter(changed::contains).toList();
    Set<String> holding = new HashSet<>(nonEmptyTables(connection, schema, own));
    Set<String> keyed = new HashSet<>(byRows);
    cascadingKeys.forEach(key -> keyed.add(key.child()));
    Map<String, List<String>> keys = RowKeys.read(connection, schema, holding, keyed);
    Map<String, List<String>> columns = new LinkedHashMap<>();
    Map<String, List<String>> rowKeys = new HashMap<>(this.rowKeys);
    for (String table : tables) {
      if (!own.contains(table) && referenceColumns.containsKey(table)) {
        columns.put(table, referenceColumns.get(table));
      } else if (holding.contains(table)) {
        columns.put(table, insertable.get(table));
      }
    }
    rowKeys.keySet().removeAll(own);
    rowKeys.putAll(keys);
    return new SchemaLayout(
        tables,
        columns,
        views,
        triggers,
        deleteTriggerTables,
        insertTriggerTables,
        triggerTargets,
        cascadingKeys,
        autoIncrementTables,
        columnListTables,
        lenientCopyTables,
        rowKeys);
  }

  /**
   * For each table, the tables whose foreign keys to it cascade or set null on delete or update.
   */
  public Map<String, Set<String>> cascadeChildren() {
    Map<String, Set<String>> children = new LinkedHashMap<>();
    for (CascadingKey key : cascadingKeys) {
      children.computeIfAbsent(key.parent(), t -> new TreeSet<>()).add(key.child());
    }
    return children;
  }

  /**
   * The cascading foreign keys of reference tables: the only ones a reset must follow, since a row
   * a cascade changes in a table empty after migration was inserted by the test.
   */
  public List<CascadingKey> referenceCascades() {
    return cascadingKeys.stream().filter(k -> referenceColumns.containsKey(k.child())).toList();
  }

  /**
   * {@code dirty} plus every reference table a cascade from them may have changed, transitively.
   * Tables empty after migration need no such care: a row a cascade changes there was inserted by
   * the test, which counts as a write.
   */
  public Set<String> withCascades(Set<String> dirty) {
    Set<String> result = new TreeSet<>(dirty);
    ArrayDeque<String> work = new ArrayDeque<>(dirty);
    Map<String, Set<String>> cascadeChildren = cascadeChildren();
    while (!work.isEmpty()) {
      for (String child : cascadeChildren.getOrDefault(work.pop(), Set.of())) {
        if (referenceColumns.containsKey(child) && result.add(child)) {
          work.push(child);
        }
      }
    }
    return result;
  }

  /** The subset of {@code tables} that holds at least one row, probed in one round trip. */
  public static List<String> nonEmptyTables(
      Connection connection, String schema, List<String> tables) throws SQLException {
    if (tables.isEmpty()) {
      return List.of();
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(probeSql(schema, tables))) {
      return nonEmptyTables(rows, tables);
    }
  }

  /**
   * One query, one row: column {@code i} is true when {@code tables.get(i)} holds a row; cheaper
   * than a {@code UNION ALL} of {@code LIMIT 1} probes.
   */
  public static String probeSql(String schema, List<String> tables) {
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 0; i < tables.size(); i++) {
      sql.append(i == 0 ? "" : ", ")
          .append("EXISTS(SELECT 1 FROM ")
          .append(qualified(schema, tables.get(i)))
          .append(")");
    }
    return sql.toString();
  }

  /** Reads the row {@link #probeSql} returns. */
  public static List<String> nonEmptyTables(ResultSet rows, List<String> tables)
      throws SQLException {
    List<String> nonEmpty = new ArrayList<>();
    rows.next();
    for (int i = 0; i < tables.size(); i++) {
      if (rows.getBoolean(i + 1)) {
        nonEmpty.add(tables.get(i));
      }
    }
    return nonEmpty;
  }
}
