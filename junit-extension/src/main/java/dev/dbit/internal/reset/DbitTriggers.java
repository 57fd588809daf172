package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;
import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.template.BookkeepingSchema;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The one naming rule and shape for the triggers dbit puts on a copy's tables, its only footprint
 * there: {@code dbit_<event>_<table>}, where {@code <event>} is {@code ci}/{@code cu}/{@code cd}
 * ({@link ChangeMarkers}) and {@code <table>} the table's name, or its first 40 characters and a
 * hash; and of the tables of kept values they fill in the copy's bookkeeping schema.
 */
final class DbitTriggers {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private DbitTriggers() {}

  /** The trigger for event {@code code} on {@code table}. */
  static String name(String code, String table) {
    return "dbit_" + code + "_" + shortName(table);
  }

  /**
   * The one shape of dbit's triggers: {@code AFTER event} on {@code table} of {@code copy}, named
   * by {@link #name}, running {@code statement} for each row unless the session set {@link
   * ChangeMarkers#MARKERS_OFF} (dbit's control connection, always).
   */
  static String createSql(String copy, String table, String code, String event, String statement) {
    return String.format(
        "CREATE TRIGGER %s AFTER %s ON %s FOR EACH ROW %s",
        qualified(copy, name(code, table)), event, qualified(copy, table), body(statement));
  }

  private static String body(String statement) {
    return "IF " + ChangeMarkers.MARKERS_OFF + " IS NULL THEN " + statement + "; END IF";
  }

  /** Whether the trigger {@code createSql} creates runs {@code body}, as the server keeps it. */
  static boolean sameBody(String createSql, String body) {
    return body != null
        && createSql
            .substring(createSql.indexOf(" FOR EACH ROW ") + 14)
            .strip()
            .equals(body.strip());
  }

  /** A name that fits in 64 characters with a prefix: the table's, or its start and a hash. */
  static String shortName(String table) {
    if (table.length() <= 40) {
      return table;
    }
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(table.getBytes(StandardCharsets.UTF_8));
      return table.substring(0, 40) + "_" + HexFormat.of().formatHex(digest, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * dbit's triggers in {@code copy} for the events {@code codes}: name in lower case to what each
   * runs, as the server keeps it.
   */
  static Map<String, String> bodies(Connection control, String copy, List<String> codes)
      throws SQLException {
    Map<String, String> bodies = new TreeMap<>();
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT TRIGGER_NAME, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE"
                    + " TRIGGER_SCHEMA = "
                    + literal(copy)
                    + " AND ("
                    + codes.stream()
                        .map(code -> "TRIGGER_NAME LIKE 'dbit!_" + code + "!_%' ESCAPE '!'")
                        .collect(Collectors.joining(" OR "))
                    + ")")) {
      while (rows.next()) {
        bodies.put(rows.getString(1).toLowerCase(Locale.ROOT), rows.getString(2));
      }
    }
    return bodies;
  }

  /**
   * Drops dbit's triggers for the events {@code codes} from {@code copy}, then {@code tables} from
   * its bookkeeping schema, whichever exist; quiet on failure (what stays is dropped with the
   * copy).
   */
  static void drop(Connection control, String copy, List<String> codes, Set<String> tables) {
    try {
      List<String> ddl = new ArrayList<>();
      for (String trigger : bodies(control, copy, codes).keySet()) {
        ddl.add("DROP TRIGGER IF EXISTS " + qualified(copy, trigger));
      }
      for (String table : tables) {
        ddl.add("DROP TABLE IF EXISTS " + BookkeepingSchema.table(copy, table));
      }
      if (!ddl.isEmpty()) {
        MultiStatement.execute(control, String.join(";\n", ddl));
      }
    } catch (SQLException e) {
      LOG.log(Level.DEBUG, "dbit: could not drop dbit's triggers from " + copy, e);
    }
  }

  /**
   * Creates {@code name} in {@code copy}'s bookkeeping schema to keep distinct values of {@code
   * columns} of {@code table}, as the table types them.
   */
  static String createKeptSql(String copy, String name, String table, List<String> columns) {
    String list = columns.stream().map(c -> quote(c)).collect(Collectors.joining(", "));
    return String.format(
        "CREATE TABLE %s (UNIQUE KEY (%s)) ENGINE=InnoDB SELECT %s FROM %s WHERE FALSE",
        BookkeepingSchema.table(copy, name), list, list, qualified(copy, table));
  }

  /** What a trigger runs to keep {@code row}'s ({@code OLD} or {@code NEW}) {@code columns}. */
  static String keepSql(String copy, String name, List<String> columns, List<String> rows) {
    return "INSERT IGNORE INTO "
        + BookkeepingSchema.table(copy, name)
        + columns.stream().map(c -> quote(c)).collect(Collectors.joining(", ", " (", ")"))
        + " VALUES "
        + rows.stream()
            .map(
                r ->
                    columns.stream()
                        .map(c -> r + "." + quote(c))
                        .collect(Collectors.joining(", ", "(", ")")))
            .collect(Collectors.joining(", "));
  }

  /** The tables named {@code prefix}... in {@code copy}'s bookkeeping schema, in lower case. */
  static Set<String> keptTablesLeft(Connection control, String copy, String prefix)
      throws SQLException {
    Set<String> names = new TreeSet<>();
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
                    + literal(BookkeepingSchema.of(copy))
                    + " AND TABLE_NAME LIKE "
                    + literal(prefix.replace("_", "!_") + "%")
                    + " ESCAPE '!'")) {
      while (rows.next()) {
        names.add(rows.getString(1).toLowerCase(Locale.ROOT));
      }
    }
    return names;
  }
}
