package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * InnoDB's own list of tables, where a table created again ({@code TRUNCATE}, {@code DROP} and
 * {@code CREATE}, a copying {@code ALTER}) gets a new, higher id: what shows the changes no counter
 * and no trigger sees.
 */
final class InnoDbTables {
  /** The list's name on MySQL 8, then on MariaDB. */
  static final List<String> VIEWS =
      List.of("information_schema.INNODB_TABLES", "information_schema.INNODB_SYS_TABLES");

  private InnoDbTables() {}

  /** The condition on the list's {@code NAME} that selects the tables of {@code schema}. */
  static String inSchema(String schema) {
    return "NAME LIKE "
        + literal(schema.replace("!", "!!").replace("_", "!_").replace("%", "!%") + "/%")
        + " ESCAPE '!'";
  }

  /** The tables of {@code schema} that InnoDB stores, by {@code information_schema.TABLES}. */
  static Set<String> names(Connection connection, String schema) throws SQLException {
    Set<String> tables = new TreeSet<>();
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND"
                + " UPPER(ENGINE) = 'INNODB'")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          tables.add(rows.getString(1));
        }
      }
    }
    return tables;
  }

  /**
   * The id of each table of {@code schema}; empty where the server does not list them or the user
   * may not read the list ({@code PROCESS} on MariaDB).
   */
  static Map<String, Long> ids(Connection control, String schema) {
    String prefix = schema + "/";
    for (String view : VIEWS) {
      Map<String, Long> ids = new HashMap<>();
      try (Statement statement = control.createStatement();
          ResultSet rows =
              statement.executeQuery(
                  "SELECT NAME, TABLE_ID FROM " + view + " WHERE " + inSchema(schema))) {
        while (rows.next()) {
          ids.put(rows.getString(1).substring(prefix.length()), rows.getLong(2));
        }
        return ids;
      } catch (SQLException e) {
        // Not this server's name for it, or no privilege to read it.
      }
    }
    return Map.of();
  }
}
