package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which rows of a table a cascade may have changed, as an SQL condition on a reference to that
 * table: the rows under values a parent's logged change released, or the rows under the template's
 * rows of a parent that a cascade reached in turn.
 */
sealed interface RowCondition {

  /** The condition on the columns of {@code table} (a qualified table name). */
  String sql(String table);

  /** Whether the condition is only literals: it can be asked of the copy's rows too. */
  boolean literal();

  /** The rows whose {@code columns} hold one of {@code values} (SQL literals, in key order). */
  record Released(List<String> columns, Set<List<String>> values) implements RowCondition {
    @Override
    public String sql(String table) {
      String in =
          values.stream()
              .map(v -> v.size() == 1 ? v.get(0) : "(" + String.join(", ", v) + ")")
              .sorted()
              .collect(Collectors.joining(", "));
      return columnsOf(table, columns) + " IN (" + in + ")";
    }

    @Override
    public boolean literal() {
      return true;
    }
  }

  /**
   * The rows whose {@code columns} refer to a row of {@code parent} (the template's table,
   * qualified) that {@code above} selects.
   */
  record Under(List<String> columns, String parent, List<String> parentColumns, RowCondition above)
      implements RowCondition {
    @Override
    public String sql(String table) {
      String selected =
          parentColumns.stream()
              .map(c -> parent + "." + quote(c))
              .collect(Collectors.joining(", "));
      return columnsOf(table, columns)
          + " IN (SELECT "
          + selected
          + " FROM "
          + parent
          + " WHERE "
          + above.sql(parent)
          + ")";
    }

    @Override
    public boolean literal() {
      return false;
    }
  }

  private static String columnsOf(String table, List<String> columns) {
    String list =
        columns.stream().map(c -> table + "." + quote(c)).collect(Collectors.joining(", "));
    return columns.size() == 1 ? list : "(" + list + ")";
  }
}
