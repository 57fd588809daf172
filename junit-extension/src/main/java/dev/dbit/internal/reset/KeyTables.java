package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import dev.dbit.internal.template.BookkeepingSchema;
import dev.dbit.internal.template.RestoreSql;
import dev.dbit.internal.template.RowOrigin;
import dev.dbit.internal.template.SchemaLayout;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Keys of changed rows kept by dbit's triggers ({@link ChangeMarkers}), for servers whose binary
 * log dbit cannot follow and that count no writes per table: each large InnoDB reference table of a
 * copy gets a key table ({@code keys_<table>} in the copy's {@link BookkeepingSchema}, its primary
 * key columns), into which the table's triggers put the key of every row inserted, updated (before
 * and after) or deleted; their writes roll back with the test's. A reset restores those rows only
 * and empties the key table (dbit's control connection writes no key). What no trigger sees ({@code
 * TRUNCATE}, re-created tables) makes the caller compare in full; rows cascades changed come from
 * {@link ReleaseMarkers}.
 */
public final class KeyTables {
  /** The start of a key table's name. */
  static final String PREFIX = "keys_";

  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private final Supplier<Connection> control;
  private final String copy;
  private final SchemaLayout layout;

  /** Key table by tracked table, in layout order. */
  private final Map<String, String> keyTables;

  /** False from a distrust until a probe that compares every table has finished. */
  private boolean complete = true;

  /** Installs nothing: {@link #install} does. */
  KeyTables(
      Supplier<Connection> control, String copy, SchemaLayout layout, Map<String, String> keys) {
    this.control = control;
    this.copy = copy;
    this.layout = layout;
    this.keyTables = keys;
  }

  /**
   * Creates the key tables of {@code copy}'s large InnoDB reference tables and empties them; call
   * on a clean copy, before the triggers that fill them. Empty, with the reason in the log, when
   * there are none or the server refuses.
   */
  public static Optional<KeyTables> install(
      Supplier<Connection> control, String copy, SchemaLayout layout) {
    try {
      Set<String> innoDb = InnoDbTables.names(control.get(), copy);
      Map<String, String> keys = new LinkedHashMap<>();
      layout.rowKeys().keySet().stream()
          .filter(innoDb::contains)
          .forEach(table -> keys.put(table, keyTableName(table)));
      if (keys.isEmpty()) {
        return Optional.empty();
      }
      KeyTables tables = new KeyTables(control, copy, layout, keys);
      tables.ensureInstalled();
      try (Statement statement = control.get().createStatement()) {
        for (String keyTable : keys.values()) {
          statement.execute("DELETE FROM " + BookkeepingSchema.table(copy, keyTable));
        }
      }
      return Optional.of(tables);
    } catch (SQLException e) {
      LOG.log(
          Level.INFO,
          "dbit: cannot keep the keys of changed rows of the large tables of {0}"
              + " ({1}); they are compared with the template in full after a test changed them.",
          copy,
          e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * Creates what is missing: a table re-created by a test gets a new key table. Call before a probe
   * that compares every table, since changes made meanwhile were not recorded.
   *
   * @return whether it created a key table
   */
  boolean ensureInstalled() throws SQLException {
    Set<String> present = DbitTriggers.keptTablesLeft(control.get(), copy, PREFIX);
    boolean created = false;
    try (Statement statement = control.get().createStatement()) {
      for (Map.Entry<String, String> tracked : keyTables.entrySet()) {
        if (!present.contains(tracked.getValue().toLowerCase(Locale.ROOT))) {
          if (!created) {
            BookkeepingSchema.ensure(control.get(), copy);
          }
          List<String> key = layout.rowKeys().get(tracked.getKey());
          statement.execute(
              DbitTriggers.createKeptSql(copy, tracked.getValue(), tracked.getKey(), key));
          created = true;
        }
      }
    }
    return created;
  }

  /**
   * Whether the key tables hold every change since the last reset; false after something no trigger
   * sees (a re-created table, {@code TRUNCATE}, a failed reset) until every table was compared.
   */
  boolean complete() {
    return complete;
  }

  /** Something no trigger sees may have changed rows: compare every table next. */
  void distrust() {
    complete = false;
  }

  /** Every table was compared and restored: the key tables account for what follows. */
  void trust() {
    complete = true;
  }

  /** The tables whose changed keys the triggers keep. */
  Set<String> tables() {
    return keyTables.keySet();
  }

  /** One row: column {@code i} true when the key table of {@code tables().get(i)} holds a key. */
  String probeSql() {
    return SchemaLayout.probeSql(BookkeepingSchema.of(copy), List.copyOf(keyTables.values()));
  }

  /** Reads the row of {@link #probeSql()}: the tables with recorded keys. */
  List<String> changedTables(ResultSet rows) throws SQLException {
    List<String> keyTableNames = List.copyOf(keyTables.values());
    List<String> changed = new ArrayList<>();
    List<String> tracked = List.copyOf(keyTables.keySet());
    for (String keyTable : SchemaLayout.nonEmptyTables(rows, keyTableNames)) {
      changed.add(tracked.get(keyTableNames.indexOf(keyTable)));
    }
    return changed;
  }

  /**
   * The statement a trigger of {@code table} runs for {@code rows} ({@code OLD}, {@code NEW}, or
   * both for an update) to keep their keys; empty for a table without a key table.
   */
  Optional<String> keepSql(String table, List<String> rows) {
    return Optional.ofNullable(keyTables.get(table))
        .map(k -> DbitTriggers.keepSql(copy, k, layout.rowKeys().get(table), rows));
  }

  /** Restores the rows of {@code table} whose keys were recorded, and empties its key table. */
  List<String> restoreSql(RowOrigin from, String table) {
    String keyTable = BookkeepingSchema.table(copy, keyTables.get(table));
    String keyList =
        "SELECT "
            + layout.rowKeys().get(table).stream()
                .map(c -> quote(c))
                .collect(Collectors.joining(", "))
            + " FROM "
            + keyTable;
    String copyTable = qualified(copy, table);
    // A join, not IN (subquery): MariaDB before 11.1 scans the whole table for a DELETE with one.
    String on =
        layout.rowKeys().get(table).stream()
            .map(c -> copyTable + "." + quote(c) + " = " + keyTable + "." + quote(c))
            .collect(Collectors.joining(" AND "));
    return thenEmptied(
        table,
        List.of(
            "DELETE " + copyTable + " FROM " + copyTable + " JOIN " + keyTable + " ON " + on,
            RestoreSql.insertRowsWhereKeyIn(from, copy, layout, table, keyList)));
  }

  /** {@code statements} that restore rows of {@code table}, then its key table emptied. */
  private List<String> thenEmptied(String table, List<String> statements) {
    List<String> all = new ArrayList<>(statements);
    forgetSql(table).ifPresent(all::add);
    return all;
  }

  /** Empties {@code table}'s key table, if it has one: its rows now are what resets restore. */
  Optional<String> forgetSql(String table) {
    return Optional.ofNullable(keyTables.get(table))
        .map(k -> "DELETE FROM " + BookkeepingSchema.table(copy, k));
  }

  /** Restores every row of {@code table} that differs from its origin. */
  List<String> restoreInFullSql(RowOrigin from, String table) {
    return thenEmptied(
        table, List.of(RestoreSql.restoreTableSql(from, copy, layout, table).split(";\n")));
  }

  static String keyTableName(String table) {
    return PREFIX + DbitTriggers.shortName(table);
  }
}
