package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which rows of a table a test or a cascade may have changed, as an SQL condition on a reference to
 * that table: the rows under values a parent's logged change released (or whose key the log
 * showed), the rows under values a table of dbit's holds, or the rows under the template's rows of
 * a parent that a cascade reached in turn.
 */
sealed interface RowCondition {

  /** The condition on the columns of {@code table} (a qualified table name). */
  String sql(String table);

  /**
   * The statement that deletes the rows of {@code copyTable} this condition selects there; empty
   * when it speaks of the template's rows only.
   */
  Optional<String> deleteFromCopy(String copyTable);

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
    public Optional<String> deleteFromCopy(String copyTable) {
      return Optional.of("DELETE FROM " + copyTable + " WHERE " + sql(copyTable));
    }
  }

  /**
   * The rows whose {@code columns} hold the {@code heldColumns} of a row of {@code holder} (a table
   * of dbit's, named in full).
   */
  record HeldIn(List<String> columns, String holder, List<String> heldColumns)
      implements RowCondition {
    @Override
    public String sql(String table) {
      return columnsOf(table, columns) + " IN (SELECT " + columnList() + " FROM " + holder + ")";
    }

    /**
     * A join, not IN (subquery): MariaDB before 11.1 scans the whole table for a DELETE with one.
     */
    @Override
    public Optional<String> deleteFromCopy(String copyTable) {
      String on =
          IntStream.range(0, columns.size())
              .mapToObj(
                  i ->
                      copyTable
                          + "."
                          + quote(columns.get(i))
                          + " = "
                          + holder
                          + "."
                          + quote(heldColumns.get(i)))
              .collect(Collectors.joining(" AND "));
      return Optional.of(
          "DELETE " + copyTable + " FROM " + copyTable + " JOIN " + holder + " ON " + on);
    }

    private String columnList() {
      return heldColumns.stream()
          .map(c -> holder + "." + quote(c))
          .collect(Collectors.joining(", "));
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
    public Optional<String> deleteFromCopy(String copyTable) {
      return Optional.empty();
    }
  }

  private static String columnsOf(String table, List<String> columns) {
    String list =
        columns.stream().map(c -> table + "." + quote(c)).collect(Collectors.joining(", "));
    return columns.size() == 1 ? list : "(" + list + ")";
  }
}
