package dev.dbit.internal.template;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A foreign key whose rule changes child rows when a parent row goes or its key changes ({@code
 * CASCADE}, {@code SET NULL}, {@code SET DEFAULT}): the server changes those rows without logging
 * or counting them as writes.
 *
 * @param name the constraint's name
 * @param child the table holding the foreign key
 * @param childColumns its columns, in key order
 * @param parent the table it refers to
 * @param parentColumns the referenced columns, in key order
 * @param deleteRule {@code CASCADE}, {@code SET NULL}, {@code SET DEFAULT}, {@code RESTRICT} or
 *     {@code NO ACTION}
 * @param updateRule likewise, for a change of the referenced columns
 */
public record CascadingKey(
    String name,
    String child,
    List<String> childColumns,
    String parent,
    List<String> parentColumns,
    String deleteRule,
    String updateRule) {

  public CascadingKey {
    childColumns = List.copyOf(childColumns);
    parentColumns = List.copyOf(parentColumns);
  }

  /** Whether deleting a parent row changes child rows. */
  public boolean onDelete() {
    return changes(deleteRule);
  }

  /** Whether changing a parent row's referenced columns changes child rows. */
  public boolean onUpdate() {
    return changes(updateRule);
  }

  private static boolean changes(String rule) {
    return !rule.equals("RESTRICT") && !rule.equals("NO ACTION");
  }

  /** The cascading foreign keys of {@code schema}, in one query. */
  static List<CascadingKey> read(Connection connection, String schema) throws SQLException {
    Map<String, List<String[]>> rowsByKey = new LinkedHashMap<>();
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT r.TABLE_NAME, r.CONSTRAINT_NAME, r.REFERENCED_TABLE_NAME, r.DELETE_RULE,"
                + " r.UPDATE_RULE, k.COLUMN_NAME, k.REFERENCED_COLUMN_NAME FROM"
                + " information_schema.REFERENTIAL_CONSTRAINTS r JOIN"
                + " information_schema.KEY_COLUMN_USAGE k ON k.CONSTRAINT_SCHEMA ="
                + " r.CONSTRAINT_SCHEMA AND k.TABLE_NAME = r.TABLE_NAME AND k.CONSTRAINT_NAME ="
                + " r.CONSTRAINT_NAME WHERE r.CONSTRAINT_SCHEMA = ? AND (r.DELETE_RULE NOT IN"
                + " ('RESTRICT', 'NO ACTION') OR r.UPDATE_RULE NOT IN ('RESTRICT', 'NO ACTION'))"
                + " ORDER BY r.TABLE_NAME, r.CONSTRAINT_NAME, k.ORDINAL_POSITION")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          String[] row = new String[7];
          for (int i = 0; i < row.length; i++) {
            row[i] = rows.getString(i + 1);
          }
          rowsByKey.computeIfAbsent(row[0] + "\0" + row[1], k -> new ArrayList<>()).add(row);
        }
      }
    }
    List<CascadingKey> keys = new ArrayList<>();
    rowsByKey.forEach(
        (id, rows) -> {
          String[] first = rows.get(0);
          keys.add(
              new CascadingKey(
                  first[1],
                  first[0],
                  rows.stream().map(r -> r[5]).toList(),
                  first[2],
                  rows.stream().map(r -> r[6]).toList(),
                  first[3],
                  first[4]));
        });
    return keys;
  }
}
