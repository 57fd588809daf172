package dev.dbit.internal.template;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import dev.dbit.internal.jdbc.MultiStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Copies a template into a worker's own schema: tables with keys and foreign keys, reference rows,
 * views and triggers.
 *
 * <p>Runs on the control connection, which has multi-statement mode and foreign key checks off, so
 * all tables are created in one round trip regardless of their order.
 */
public final class SchemaCopier {
  private static final Pattern DEFINER =
      Pattern.compile(
          "DEFINER\\s*=\\s*(`[^`]*`|'[^']*'|[^\\s@]+)(@(`[^`]*`|'[^']*'|\\S+))?\\s+",
          Pattern.CASE_INSENSITIVE);

  private SchemaCopier() {}

  /** The start of the name of every copy of the template built from {@code fingerprint}. */
  public static String copyNamePrefix(String fingerprint) {
    return "dbit_test_" + fingerprint.substring(0, 8) + "_";
  }

  /** Creates {@code copy} as a marked, ready copy of {@code template}. */
  public static void copy(
      Connection control, String template, SchemaLayout layout, String copy, String fingerprint)
      throws SQLException {
    SchemaOwnership.createMarked(
        control,
        copy,
        SchemaOwnership.Kind.COPY,
        fingerprint,
        SchemaOwnership.defaults(control, template));
    List<String> statements = new ArrayList<>();
    statements.add("USE " + quote(copy));
    Map<String, List<String>> backtickConstraints = backtickConstraints(control, template);
    for (String table : layout.tables()) {
      statements.add(
          requoteConstraints(
              showCreate(control, "TABLE", template, table, 2),
              backtickConstraints.getOrDefault(table, List.of())));
    }
    statements.add(RestoreSql.referenceRows(template, copy, layout));
    executeAll(control, statements);

    List<String> pending = new ArrayList<>();
    for (String view : layout.views()) {
      String ddl = showCreate(control, "VIEW", template, view, 2);
      pending.add(withoutDefiner(ddl.replace(quote(template) + ".", quote(copy) + ".")));
    }
    createViewsInDependencyOrder(control, copy, pending);

    List<String> triggers = new ArrayList<>();
    triggers.add("USE " + quote(copy));
    for (String trigger : layout.triggers()) {
      triggers.add(withoutDefiner(showCreate(control, "TRIGGER", template, trigger, 3)));
    }
    executeAll(control, triggers);
    SchemaOwnership.markReady(control, copy);
  }

  /**
   * The definers of {@code copy}'s triggers and views other than the connected user: a copy takes
   * its definer from the user who built it, and a trigger or view whose definer was dropped since
   * fails every statement that touches it ("The user specified as a definer does not exist").
   */
  public static List<String> foreignDefiners(Connection control, String copy) throws SQLException {
    List<String> definers = new ArrayList<>();
    try (var query =
        control.prepareStatement(
            "SELECT DEFINER FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?"
                + " AND DEFINER <> CURRENT_USER() UNION SELECT DEFINER FROM"
                + " information_schema.VIEWS WHERE TABLE_SCHEMA = ? AND DEFINER <>"
                + " CURRENT_USER()")) {
      query.setString(1, copy);
      query.setString(2, copy);
      try (var rows = query.executeQuery()) {
        while (rows.next()) {
          definers.add(rows.getString(1));
        }
      }
    }
    return definers;
  }

  private static void createViewsInDependencyOrder(
      Connection control, String copy, List<String> views) throws SQLException {
    // A view may select from another view; retry the failures until no progress is made.
    List<String> pending = new ArrayList<>(views);
    try (Statement statement = control.createStatement()) {
      statement.execute("USE " + quote(copy));
      while (!pending.isEmpty()) {
        List<String> failed = new ArrayList<>();
        SQLException last = null;
        for (String ddl : pending) {
          try {
            statement.execute(ddl);
          } catch (SQLException e) {
            failed.add(ddl);
            last = e;
          }
        }
        if (failed.size() == pending.size()) {
          throw last;
        }
        pending = failed;
      }
    }
  }

  private static String showCreate(
      Connection control, String kind, String schema, String name, int column) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery("SHOW CREATE " + kind + " " + qualified(schema, name))) {
      rows.next();
      return rows.getString(column);
    }
  }

  /**
   * Constraint names holding a backtick, per table. MariaDB 11.4.5's {@code SHOW CREATE TABLE}
   * prints them without doubling the backtick (index names it escapes), which no server accepts
   * back; 10.11 prints them right.
   */
  private static Map<String, List<String>> backtickConstraints(Connection control, String schema)
      throws SQLException {
    Map<String, List<String>> names = new HashMap<>();
    try (PreparedStatement query =
        control.prepareStatement(
            "SELECT TABLE_NAME, CONSTRAINT_NAME FROM information_schema.TABLE_CONSTRAINTS WHERE"
                + " CONSTRAINT_SCHEMA = ? AND CONSTRAINT_NAME LIKE '%`%'")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          names.computeIfAbsent(rows.getString(1), t -> new ArrayList<>()).add(rows.getString(2));
        }
      }
    }
    return names;
  }

  /** {@code ddl} with each constraint name in {@code names} quoted properly, however printed. */
  static String requoteConstraints(String ddl, List<String> names) {
    String fixed = ddl;
    for (String name : names) {
      fixed = fixed.replace("CONSTRAINT `" + name + "` ", "CONSTRAINT " + quote(name) + " ");
    }
    return fixed;
  }

  static String withoutDefiner(String ddl) {
    Matcher matcher = DEFINER.matcher(ddl);
    return matcher.find() ? matcher.replaceFirst("") : ddl;
  }

  private static void executeAll(Connection control, List<String> statements) throws SQLException {
    MultiStatement.execute(
        control, statements.stream().filter(s -> !s.isBlank()).collect(Collectors.joining(";\n")));
  }
}
