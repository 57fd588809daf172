package dev.dbit;

import dev.dbit.internal.jdbc.SqlIdentifiers;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import dev.dbit.internal.template.TemplateBuilder;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Compares every table of a test schema with the template it was copied from, over a plain
 * connection of its own per schema (root's, not dbit's: nothing of it reaches a test's numbers or
 * its leak check), kept open across tests.
 */
final class TableStates {
  private TableStates() {}

  private static final Map<String, Connection> READERS = new ConcurrentHashMap<>();

  /** Each copy's template, read once from the copy's marker. */
  private static final Map<String, String> TEMPLATES = new ConcurrentHashMap<>();

  /** Tables whose rows differ from the template's (by {@code CHECKSUM TABLE}), with row counts. */
  static List<String> differences(TestDatabase database) throws SQLException {
    Connection connection = reader(database.jdbcUrl());
    synchronized (connection) {
      String copy = database.schemaName();
      String template = TEMPLATES.get(copy);
      if (template == null) {
        template =
            TemplateBuilder.templateName(
                SchemaOwnership.read(connection, copy).orElseThrow().fingerprint());
        TEMPLATES.put(copy, template);
      }
      // The template never changes during a run: list its tables once.
      List<String> tables =
          TEMPLATE_TABLES.computeIfAbsent(template, t -> tableNamesUnchecked(connection, t));
      // dbit's own key and marker tables (servers without counters per table) are not the user's.
      List<String> copyTables =
          SchemaLayout.tableNames(connection, copy).stream()
              .filter(t -> tables.contains(t) || !t.startsWith("dbit_"))
              .toList();
      if (!copyTables.equals(tables)) {
        throw new AssertionError("table lists differ: " + copyTables + " vs " + tables);
      }
      // The template never changes during a run: fingerprint it once.
      Map<String, String> expected =
          TEMPLATE_STATES.computeIfAbsent(
              template, t -> fingerprintsUnchecked(connection, t, tables));
      Map<String, String> actual = fingerprints(connection, copy, tables);
      List<String> different = new ArrayList<>();
      for (String table : tables) {
        if (!expected.get(table).equals(actual.get(table))) {
          different.add(
              String.format(
                  "%s (rows=%d %s instead of rows=%d %s)",
                  table,
                  rowCount(connection, copy, table),
                  actual.get(table),
                  rowCount(connection, template, table),
                  expected.get(table)));
        }
      }
      return different;
    }
  }

  /**
   * The plain connection to {@code url}, closed and opened again where it no longer answers (a
   * server killed and restarted on the same port, say).
   */
  private static Connection reader(String url) throws SQLException {
    Connection cached = READERS.get(url);
    if (cached != null && cached.isValid(5)) {
      return cached;
    }
    if (cached != null) {
      cached.close();
    }
    Connection opened = DriverManager.getConnection(url, "root", RootSql.password);
    READERS.put(url, opened);
    return opened;
  }

  private static final Map<String, Map<String, String>> TEMPLATE_STATES = new ConcurrentHashMap<>();

  private static final Map<String, List<String>> TEMPLATE_TABLES = new ConcurrentHashMap<>();

  private static List<String> tableNamesUnchecked(Connection connection, String schema) {
    try {
      return SchemaLayout.tableNames(connection, schema);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, String> fingerprintsUnchecked(
      Connection connection, String schema, List<String> tables) {
    try {
      return fingerprints(connection, schema, tables);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The checksum of every table of the test schema now, by table. */
  static Map<String, String> now(TestDatabase database) throws SQLException {
    Connection connection = reader(database.jdbcUrl());
    synchronized (connection) {
      String copy = database.schemaName();
      List<String> tables =
          SchemaLayout.tableNames(connection, copy).stream()
              .filter(t -> !t.startsWith("dbit_"))
              .toList();
      return fingerprints(connection, copy, tables);
    }
  }

  /** The tables whose checksum now differs from {@code expected} (a state {@link #now} took). */
  static java.util.Set<String> differingFrom(Map<String, String> expected, TestDatabase database)
      throws SQLException {
    Map<String, String> differing = new HashMap<>(now(database));
    differing.entrySet().removeIf(e -> e.getValue().equals(expected.get(e.getKey())));
    return new java.util.TreeSet<>(differing.keySet());
  }

  /** The checksum of every table ({@code CHECKSUM TABLE}: one pass over each table's rows). */
  private static Map<String, String> fingerprints(
      Connection connection, String schema, List<String> tables) throws SQLException {
    Map<String, String> result = new HashMap<>();
    String checksum =
        "CHECKSUM TABLE "
            + String.join(
                ", ", tables.stream().map(t -> SqlIdentifiers.qualified(schema, t)).toList());
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(checksum)) {
      while (rows.next()) {
        result.put(rows.getString(1).substring(schema.length() + 1), "checksum=" + rows.getLong(2));
      }
    }
    return result;
  }

  /** The row count of {@code table} in {@code schema}, for the message about a difference. */
  private static long rowCount(Connection connection, String schema, String table)
      throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT COUNT(*) FROM " + SqlIdentifiers.qualified(schema, table))) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
