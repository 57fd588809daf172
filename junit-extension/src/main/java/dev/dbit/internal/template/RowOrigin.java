package dev.dbit.internal.template;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

/**
 * Where a reset copies a table's rows back from, named in full: the template's table, or, where a
 * test class keeps its own starting state, dbit's copy of that table.
 */
@FunctionalInterface
public interface RowOrigin {

  /** The table, named in full ({@code `schema`.`table`}), that holds {@code table}'s rows. */
  String of(String table);

  /** Every table's rows from the same-named table of {@code schema}. */
  static RowOrigin schema(String schema) {
    return table -> qualified(schema, table);
  }
}
