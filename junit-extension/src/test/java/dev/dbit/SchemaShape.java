package dev.dbit;

import dev.dbit.internal.template.TemplateBuilder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code information_schema} says a schema holds, one sorted list per kind: tables, columns,
 * indexes, foreign keys, routines and triggers other than dbit's change triggers (the one footprint
 * dbit documents on servers without counters per table). Flyway's history table is left out: it
 * stays with the template, which the copy's tables came from. Two schemas with equal shapes look
 * the same to any test that lists or compares them.
 */
record SchemaShape(Map<String, List<String>> kinds) {
  private static final String HISTORY = TemplateBuilder.HISTORY_TABLE;
  private static final Map<String, String> QUERIES = new LinkedHashMap<>();

  static {
    QUERIES.put(
        "tables",
        "SELECT CONCAT_WS(' ', TABLE_NAME, TABLE_TYPE, ENGINE, TABLE_COLLATION) FROM"
            + " information_schema.TABLES WHERE TABLE_SCHEMA = ?");
    QUERIES.put(
        "columns",
        "SELECT CONCAT_WS(' ', TABLE_NAME, ORDINAL_POSITION, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE,"
            + " COALESCE(COLUMN_DEFAULT, '-'), EXTRA, COALESCE(COLLATION_NAME, '-')) FROM"
            + " information_schema.COLUMNS WHERE TABLE_SCHEMA = ?");
    QUERIES.put(
        "indexes",
        "SELECT CONCAT_WS(' ', TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, NON_UNIQUE) FROM"
            + " information_schema.STATISTICS WHERE TABLE_SCHEMA = ?");
    QUERIES.put(
        "foreign keys",
        "SELECT CONCAT_WS(' ', TABLE_NAME, CONSTRAINT_NAME, REFERENCED_TABLE_NAME, UPDATE_RULE,"
            + " DELETE_RULE) FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE"
            + " CONSTRAINT_SCHEMA = ?");
    QUERIES.put(
        "routines",
        "SELECT CONCAT_WS(' ', ROUTINE_NAME, ROUTINE_TYPE) FROM information_schema.ROUTINES WHERE"
            + " ROUTINE_SCHEMA = ?");
    QUERIES.put(
        "triggers",
        "SELECT CONCAT_WS(' ', TRIGGER_NAME, EVENT_OBJECT_TABLE) FROM information_schema.TRIGGERS"
            + " WHERE TRIGGER_SCHEMA = ? AND TRIGGER_NAME NOT REGEXP '^dbit_(ci|cu|cd|ai|au|ad|rd|ru|ri)_'");
  }

  /** The shape of {@code schema}. */
  static SchemaShape of(Connection connection, String schema) throws SQLException {
    Map<String, List<String>> kinds = new LinkedHashMap<>();
    for (Map.Entry<String, String> query : QUERIES.entrySet()) {
      List<String> lines = new ArrayList<>();
      try (PreparedStatement statement = connection.prepareStatement(query.getValue())) {
        statement.setString(1, schema);
        try (ResultSet rows = statement.executeQuery()) {
          while (rows.next()) {
            if (!rows.getString(1).startsWith(HISTORY + " ")) {
              lines.add(rows.getString(1));
            }
          }
        }
      }
      lines.sort(null);
      kinds.put(query.getKey(), lines);
    }
    return new SchemaShape(kinds);
  }

  /** The shape of the template the copy {@code copy} was made from. */
  static SchemaShape ofTemplateOf(Connection connection, String copy) throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(
            "SELECT fingerprint FROM `" + copy.replace("`", "``") + "`.dbit_schema_marker")) {
      try (ResultSet rows = statement.executeQuery()) {
        rows.next();
        return of(connection, "dbit_template_" + rows.getString(1).substring(0, 12));
      }
    }
  }
}
