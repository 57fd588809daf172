package dev.dbit.internal.binlog;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

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
import java.util.TreeMap;

/** Reads where each key column of the tables to follow sits in a logged row, and its type. */
final class TrackedTables {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private TrackedTables() {}

  /**
   * The tables of {@code keys} (table to its primary-key columns) whose key dbit can read from the
   * log; the others are named in the log and compared in full.
   */
  static Map<String, TrackedTable> read(
      Connection control, String copy, Map<String, List<String>> keys) throws SQLException {
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
            Column column = all.get(name);
            Optional<KeyColumn> readable =
                column == null
                    ? Optional.empty()
                    : KeyColumn.of(
                        column.position() - 1, column.dataType(), column.type(), column.charset());
            if (readable.isEmpty()) {
              unreadable.add(table + " (" + name + ")");
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
    return tracked;
  }

  private record Column(int position, String dataType, String type, String charset) {}
}
