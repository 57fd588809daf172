package dev.dbit.internal.template;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The statements that give a copy's tables back their origin's rows (the template's, or a class's
 * starting state): whole reference tables, large tables by difference, or the rows of given keys.
 */
public final class RestoreSql {
  private RestoreSql() {}

  /** DELETE and re-INSERT of every reference table from the template. */
  static String referenceRows(String template, String copy, SchemaLayout layout) {
    RowOrigin from = RowOrigin.schema(template);
    StringBuilder sql = new StringBuilder();
    layout
        .referenceColumns()
        .forEach(
            (table, columns) -> {
              if (sql.length() > 0) {
                sql.append(";\n");
              }
              sql.append(restoreTableSql(from, copy, layout, table));
            });
    return sql.toString();
  }

  /**
   * Statements that make {@code copy.table} hold exactly the rows of its origin: for a large table
   * (see {@link SchemaLayout#rowKeys()}) by difference, so that the cost follows what changed and a
   * scan of both tables, not a reload of every row; else delete all and copy all.
   */
  public static String restoreTableSql(
      RowOrigin from, String copy, SchemaLayout layout, String table) {
    List<String> columns = layout.referenceColumns().get(table);
    String into = insertInto(copy, layout, table);
    List<String> keys = layout.rowKeys().get(table);
    if (keys == null) {
      return "DELETE FROM "
          + qualified(copy, table)
          + ";\n"
          + into
          + " SELECT "
          + selectList(layout, table, "")
          + " FROM "
          + from.of(table);
    }
    String copyTable = qualified(copy, table);
    // Byte for byte: under a case-insensitive collation 'W5' = 'w5', yet the copy must get back
    // the template's spelling. NOT EXISTS, not a multi-table DELETE with an alias: MariaDB refuses
    // that ("No database selected") on a connection without a default schema.
    String sameRow =
        Stream.concat(
                keys.stream().map(k -> "p." + quote(k) + " = " + copyTable + "." + quote(k)),
                columns.stream()
                    .map(
                        c ->
                            "CAST("
                                + copyTable
                                + "."
                                + quote(c)
                                + " AS BINARY) <=> CAST(p."
                                + quote(c)
                                + " AS BINARY)"))
            .collect(Collectors.joining(" AND "));
    String keysMatch =
        keys.stream()
            .map(k -> "c." + quote(k) + " = p." + quote(k))
            .collect(Collectors.joining(" AND "));
    return "DELETE FROM "
        + copyTable
        + " WHERE NOT EXISTS (SELECT 1 FROM "
        + from.of(table)
        + " p WHERE "
        + sameRow
        + ");\n"
        + into
        + " SELECT "
        + selectList(layout, table, "p.")
        + " FROM "
        + from.of(table)
        + " p LEFT JOIN "
        + copyTable
        + " c ON "
        + keysMatch
        + " WHERE c."
        + quote(keys.get(0))
        + " IS NULL";
  }

  /**
   * Statements that give {@code copy.table} their origin's version of the rows with {@code keys}
   * (SQL literals of the primary key, in key order): delete them, copy them back. None for no keys.
   */
  public static List<String> restoreRowsSql(
      RowOrigin from, String copy, SchemaLayout layout, String table, Set<List<String>> keys) {
    if (keys.isEmpty()) {
      return List.of();
    }
    return restoreRowsWhereKeyIn(from, copy, layout, table, valueList(keys));
  }

  /** {@code values} (rows of SQL literals) as the inside of an {@code IN (...)}, sorted. */
  public static String valueList(Set<List<String>> values) {
    return values.stream()
        .map(v -> v.size() == 1 ? v.get(0) : "(" + String.join(", ", v) + ")")
        .sorted()
        .collect(Collectors.joining(", "));
  }

  private static List<String> restoreRowsWhereKeyIn(
      RowOrigin from, String copy, SchemaLayout layout, String table, String in) {
    return List.of(
        "DELETE FROM "
            + qualified(copy, table)
            + " WHERE "
            + keyTuple(layout.rowKeys().get(table))
            + " IN ("
            + in
            + ")",
        insertRowsWhereKeyIn(from, copy, layout, table, in));
  }

  /**
   * Copies the origin's rows of {@code table} whose primary key is {@code in} (a list of literals
   * or a subquery) into {@code copy}.
   */
  public static String insertRowsWhereKeyIn(
      RowOrigin from, String copy, SchemaLayout layout, String table, String in) {
    return insertRowsWhere(
        from, copy, layout, table, keyTuple(layout.rowKeys().get(table)) + " IN (" + in + ")");
  }

  /**
   * Copies the origin's rows of {@code table} that {@code condition} (on the origin's table, named
   * in full) selects into {@code copy}.
   */
  private static String insertRowsWhere(
      RowOrigin from, String copy, SchemaLayout layout, String table, String condition) {
    return insertInto(copy, layout, table)
        + " SELECT "
        + selectList(layout, table, "")
        + " FROM "
        + from.of(table)
        + " WHERE "
        + condition;
  }

  /**
   * {@code INSERT INTO copy.table}, with its insertable columns named where {@link
   * SchemaLayout#columnListTables()} says so, without strict mode where {@link
   * SchemaLayout#lenientCopyTables()} says so.
   */
  private static String insertInto(String copy, SchemaLayout layout, String table) {
    String into = "INSERT INTO " + qualified(copy, table);
    if (layout.columnListTables().contains(table)) {
      return into + " (" + selectList(layout, table, "") + ")";
    }
    if (layout.lenientCopyTables().contains(table)) {
      return "SET STATEMENT sql_mode = REPLACE(REPLACE(@@sql_mode, 'STRICT_TRANS_TABLES', ''),"
          + " 'STRICT_ALL_TABLES', '') FOR "
          + into;
    }
    return into;
  }

  /**
   * What the copy selects from the origin's {@code table}, each name after {@code prefix} (a table
   * alias and a dot, or nothing): its insertable columns where {@link
   * SchemaLayout#columnListTables()} says so, else {@code *}.
   */
  private static String selectList(SchemaLayout layout, String table, String prefix) {
    if (!layout.columnListTables().contains(table)) {
      return prefix + "*";
    }
    return layout.referenceColumns().get(table).stream()
        .map(c -> prefix + quote(c))
        .collect(Collectors.joining(", "));
  }

  /** The key columns, quoted: one name, or a parenthesized row of names. */
  public static String keyTuple(List<String> keyColumns) {
    return keyColumns.size() == 1
        ? quote(keyColumns.get(0))
        : "(" + keyColumns.stream().map(c -> quote(c)).collect(Collectors.joining(", ")) + ")";
  }
}
