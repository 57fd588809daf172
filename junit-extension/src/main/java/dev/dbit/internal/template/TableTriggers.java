package dev.dbit.internal.template;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The triggers of a schema's tables, read in one query: which tables have triggers that a reset's
 * deletes and inserts fire, and which tables those triggers may write.
 *
 * @param names every trigger, by name
 * @param onDelete tables with a {@code DELETE} trigger
 * @param onInsert tables with an {@code INSERT} trigger
 * @param beforeInsert tables with a {@code BEFORE INSERT} trigger
 * @param targets per table, the other tables its triggers may write
 */
record TableTriggers(
    List<String> names,
    Set<String> onDelete,
    Set<String> onInsert,
    Set<String> beforeInsert,
    Map<String, Set<String>> targets) {

  static TableTriggers read(Connection connection, String schema, List<String> tables)
      throws SQLException {
    List<String> triggers = new ArrayList<>();
    Set<String> deleteTriggers = new TreeSet<>();
    Set<String> insertTriggers = new TreeSet<>();
    Set<String> beforeInsertTriggers = new TreeSet<>();
    Map<String, Set<String>> triggerTargets = new LinkedHashMap<>();
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT TRIGGER_NAME, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_STATEMENT,"
                + " ACTION_TIMING FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?"
                + " ORDER BY TRIGGER_NAME")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          triggers.add(rows.getString(1));
          Set<String> targets = tablesNamedIn(rows.getString(4), tables);
          // A trigger cannot write the table it is defined on (MySQL and MariaDB forbid it).
          targets.remove(rows.getString(3));
          triggerTargets.computeIfAbsent(rows.getString(3), t -> new TreeSet<>()).addAll(targets);
          switch (rows.getString(2)) {
            case "DELETE" -> deleteTriggers.add(rows.getString(3));
            case "INSERT" -> {
              insertTriggers.add(rows.getString(3));
              if ("BEFORE".equals(rows.getString(5))) {
                beforeInsertTriggers.add(rows.getString(3));
              }
            }
            default -> {
              // UPDATE triggers never fire during a reset.
            }
          }
        }
      }
    }
    return new TableTriggers(
        triggers, deleteTriggers, insertTriggers, beforeInsertTriggers, triggerTargets);
  }

  /**
   * Tables whose names occur as words in a trigger body: the tables it may write. Over-counting is
   * harmless (a reset then also empties a clean table); under-counting cannot happen for tables the
   * body names.
   */
  static Set<String> tablesNamedIn(String body, List<String> tables) {
    Set<String> words = new HashSet<>();
    for (String word : body.toLowerCase(Locale.ROOT).split("[^a-z0-9_$]+")) {
      words.add(word);
    }
    Set<String> named = new TreeSet<>();
    for (String table : tables) {
      if (words.contains(table.toLowerCase(Locale.ROOT))) {
        named.add(table);
      }
    }
    return named;
  }
}
