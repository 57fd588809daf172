package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import dev.dbit.internal.template.BookkeepingSchema;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The row events each large table gets a key trigger for, and the trigger that records the key of
 * the row (before and after, for an update) in the table's key table.
 */
enum KeyTriggerEvent {
  INSERT("ai", "NEW"),
  UPDATE("au", "OLD", "NEW"),
  DELETE("ad", "OLD");

  private final String code;
  private final List<String> rows;

  KeyTriggerEvent(String code, String... rows) {
    this.code = code;
    this.rows = List.of(rows);
  }

  String triggerName(String table) {
    return DbitTriggers.name(code, table);
  }

  static List<String> all(String table) {
    return Arrays.stream(values()).map(e -> e.triggerName(table)).toList();
  }

  String createSql(String copy, String table, String keyTable, List<String> key) {
    String columns = key.stream().map(c -> quote(c)).collect(Collectors.joining(", "));
    String values =
        rows.stream()
            .map(
                row ->
                    "("
                        + key.stream()
                            .map(c -> row + "." + quote(c))
                            .collect(Collectors.joining(", "))
                        + ")")
            .collect(Collectors.joining(", "));
    return DbitTriggers.createSql(
        copy,
        table,
        code,
        name(),
        KeyTriggers.SWITCH,
        "INSERT IGNORE INTO "
            + BookkeepingSchema.table(copy, keyTable)
            + " ("
            + columns
            + ") VALUES "
            + values);
  }
}
