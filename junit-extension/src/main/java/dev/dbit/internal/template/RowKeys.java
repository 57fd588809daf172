package dev.dbit.internal.template;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which reference tables a reset restores by the rows that differ, by their primary keys: those the
 * server estimates at {@value #LARGE_TABLE_ROWS}+ rows, where a reload would cost what the table
 * holds, and those a cascade reaches, whose taken rows are found by key. The rest are small enough
 * to reload whole.
 */
public final class RowKeys {
  /** From this many rows (the server's estimate) on, a reference table is restored by rows. */
  public static final int LARGE_TABLE_ROWS = 1000;

  private RowKeys() {}

  /**
   * Reference tables the server estimates at {@value #LARGE_TABLE_ROWS}+ rows that have no primary
   * key: nothing names their changed rows, so every reset after a test changed one reloads it
   * whole.
   */
  public static List<String> largeWithoutKey(
      Connection connection, String schema, SchemaLayout layout) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND"
                + " TABLE_ROWS >= ? ORDER BY TABLE_NAME")) {
      query.setString(1, schema);
      query.setInt(2, LARGE_TABLE_ROWS);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          String table = rows.getString(1);
          if (layout.referenceTables().contains(table) && !layout.rowKeys().containsKey(table)) {
            tables.add(table);
          }
        }
      }
    }
    return tables;
  }

  /**
   * Primary key columns of the reference tables restored by rows: those the server estimates at
   * {@value #LARGE_TABLE_ROWS}+ rows, and those cascades reach, whose rows a cascade took are found
   * by key.
   */
  static Map<String, List<String>> read(
      Connection connection, String schema, Set<String> referenceTables, Set<String> cascadedInto)
      throws SQLException {
    Map<String, List<String>> keys = new LinkedHashMap<>();
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT k.TABLE_NAME, k.COLUMN_NAME, t.TABLE_ROWS >= ? FROM"
                + " information_schema.KEY_COLUMN_USAGE k JOIN information_schema.TABLES t ON"
                + " t.TABLE_SCHEMA = k.TABLE_SCHEMA AND t.TABLE_NAME = k.TABLE_NAME WHERE"
                + " k.TABLE_SCHEMA = ? AND k.CONSTRAINT_NAME = 'PRIMARY' ORDER BY k.TABLE_NAME,"
                + " k.ORDINAL_POSITION")) {
      query.setInt(1, LARGE_TABLE_ROWS);
      query.setString(2, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          String table = rows.getString(1);
          if (referenceTables.contains(table)
              && (rows.getBoolean(3) || cascadedInto.contains(table))) {
            keys.computeIfAbsent(table, t -> new ArrayList<>()).add(rows.getString(2));
          }
        }
      }
    }
    return keys;
  }
}
