package dev.dbit.internal.template;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The columns of a schema's tables, read in one query.
 *
 * @param insertable per table, its columns except generated ones, in order
 * @param autoIncrement tables with an {@code AUTO_INCREMENT} column
 * @param generated tables with a generated column
 * @param invisible tables with an invisible column
 */
record TableColumns(
    Map<String, List<String>> insertable,
    Set<String> autoIncrement,
    Set<String> generated,
    Set<String> invisible) {
  /** MySQL marks a column with an expression default {@code DEFAULT_GENERATED}: insertable. */
  private static final Pattern GENERATED =
      Pattern.compile("\\b(VIRTUAL|STORED|PERSISTENT) GENERATED\\b");

  static TableColumns read(Connection connection, String schema) throws SQLException {
    Map<String, List<String>> insertable = new LinkedHashMap<>();
    Set<String> autoIncrement = new TreeSet<>();
    Set<String> generatedTables = new TreeSet<>();
    Set<String> invisibleTables = new TreeSet<>();
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT TABLE_NAME, COLUMN_NAME, EXTRA FROM information_schema.COLUMNS WHERE"
                + " TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          String extra =
              rows.getString(3) == null ? "" : rows.getString(3).toUpperCase(Locale.ROOT);
          boolean generated = GENERATED.matcher(extra).find();
          if (!generated) {
            insertable
                .computeIfAbsent(rows.getString(1), t -> new ArrayList<>())
                .add(rows.getString(2));
          }
          if (generated) {
            generatedTables.add(rows.getString(1));
          }
          if (extra.contains("INVISIBLE")) {
            invisibleTables.add(rows.getString(1));
          }
          if (extra.contains("AUTO_INCREMENT")) {
            autoIncrement.add(rows.getString(1));
          }
        }
      }
    }
    return new TableColumns(insertable, autoIncrement, generatedTables, invisibleTables);
  }
}
