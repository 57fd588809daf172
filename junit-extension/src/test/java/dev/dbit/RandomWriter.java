package dev.dbit;

import dev.dbit.internal.jdbc.SqlIdentifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes random rows into any table of a schema, the way a careless test would: inserts that ignore
 * foreign keys, updates and deletes of reference rows, and committed or rolled-back transactions.
 */
final class RandomWriter {
  private final Random random;
  private final Map<String, List<Column>> columns = new LinkedHashMap<>();

  private record Column(String name, String dataType, String columnType, long maxLength) {}

  private static final Map<String, Map<String, List<Column>>> COLUMNS =
      new java.util.concurrent.ConcurrentHashMap<>();

  RandomWriter(Connection connection, String schema, long seed) throws SQLException {
    this.random = new Random(seed);
    Map<String, List<Column>> known = COLUMNS.get(schema);
    if (known != null) {
      columns.putAll(known);
      return;
    }
    readColumns(connection, schema);
    COLUMNS.put(schema, new LinkedHashMap<>(columns));
  }

  private void readColumns(Connection connection, String schema) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT c.TABLE_NAME, c.COLUMN_NAME, c.DATA_TYPE, c.COLUMN_TYPE,"
                + " COALESCE(c.CHARACTER_MAXIMUM_LENGTH, 0), c.EXTRA FROM information_schema.COLUMNS c"
                + " JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND"
                + " t.TABLE_NAME = c.TABLE_NAME WHERE c.TABLE_SCHEMA = ? AND t.TABLE_TYPE = 'BASE"
                + " TABLE' AND c.TABLE_NAME NOT LIKE 'dbit!_%' ESCAPE '!' ORDER BY c.TABLE_NAME,"
                + " c.ORDINAL_POSITION")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          String extra = rows.getString(6).toLowerCase(java.util.Locale.ROOT);
          if (extra.contains("auto_increment") || extra.contains("generated")) {
            continue;
          }
          columns
              .computeIfAbsent(rows.getString(1), t -> new ArrayList<>())
              .add(
                  new Column(
                      rows.getString(2), rows.getString(3), rows.getString(4), rows.getLong(5)));
        }
      }
    }
  }

  List<String> tables() {
    return List.copyOf(columns.keySet());
  }

  /**
   * Inserts up to {@code rowsPerTable} rows into each of {@code tables}, with foreign key checks
   * off so that any table can be written on its own.
   *
   * @return tables that really received a row
   */
  Set<String> insertInto(Connection connection, List<String> tables, int rowsPerTable)
      throws SQLException {
    Set<String> written = new TreeSet<>();
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET SESSION foreign_key_checks = 0");
      for (String table : tables) {
        for (int i = 0; i < rowsPerTable; i++) {
          try {
            if (statement.executeUpdate(insertSql(table)) > 0) {
              written.add(table);
            }
          } catch (java.sql.SQLIntegrityConstraintViolationException e) {
            // A random value broke a CHECK constraint (MariaDB 10.11 does not IGNORE those).
          }
        }
      }
      statement.execute("SET SESSION foreign_key_checks = 1");
    }
    return written;
  }

  /** Changes reference data: updates one row of a table, deletes another row of a second one. */
  void changeReferenceRows(Connection connection, String updated, String deleted)
      throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET SESSION foreign_key_checks = 0");
      Column first = columns.get(updated).get(1);
      statement.executeUpdate(
          "UPDATE "
              + SqlIdentifiers.quote(updated)
              + " SET "
              + SqlIdentifiers.quote(first.name())
              + " = "
              + value(first)
              + " LIMIT 1");
      statement.executeUpdate("DELETE FROM " + SqlIdentifiers.quote(deleted) + " LIMIT 1");
      statement.execute("SET SESSION foreign_key_checks = 1");
    }
  }

  private String insertSql(String table) {
    List<Column> cols = columns.get(table);
    StringBuilder names = new StringBuilder();
    StringBuilder values = new StringBuilder();
    for (Column column : cols) {
      names.append(names.length() == 0 ? "" : ", ").append(SqlIdentifiers.quote(column.name()));
      values.append(values.length() == 0 ? "" : ", ").append(value(column));
    }
    return "INSERT IGNORE INTO "
        + SqlIdentifiers.quote(table)
        + " ("
        + names
        + ") VALUES ("
        + values
        + ")";
  }

  private String value(Column column) {
    switch (column.dataType()) {
      case "tinyint":
        return column.columnType().startsWith("tinyint(1)")
            ? "" + random.nextInt(2)
            : "" + (1 + random.nextInt(5));
      case "smallint":
      case "int":
      case "bigint":
        return "" + (1 + random.nextInt(1_000_000));
      case "date":
        return "'2026-0" + (1 + random.nextInt(9)) + "-1" + random.nextInt(10) + "'";
      case "timestamp":
      case "datetime":
        return "CURRENT_TIMESTAMP";
      default:
        long length = Math.max(1, Math.min(column.maxLength() == 0 ? 16 : column.maxLength(), 16));
        StringBuilder text = new StringBuilder("'");
        for (int i = 0; i < length; i++) {
          text.append((char) ('a' + random.nextInt(26)));
        }
        return text.append("'").toString();
    }
  }
}
