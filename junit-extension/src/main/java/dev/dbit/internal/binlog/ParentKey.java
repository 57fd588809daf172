package dev.dbit.internal.binlog;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A cascading foreign key seen from its parent's logged rows: which referenced values a logged
 * change hands to the cascade, so that a reset restores the child rows under those values only.
 *
 * @param name the constraint's name
 * @param columnCount how many columns a logged row of the parent has
 * @param referenced the referenced columns, in key order
 * @param onDelete whether deleting a parent row changes child rows
 * @param onUpdate whether changing the referenced columns changes child rows
 * @param everyTouchedRow whether every changed row counts, key changed or not: the parent is itself
 *     reached by a cascade, which may delete or rewrite a row the test changed without logging it
 */
record ParentKey(
    String name,
    int columnCount,
    List<KeyColumn> referenced,
    boolean onDelete,
    boolean onUpdate,
    boolean everyTouchedRow) {
  ParentKey {
    referenced = List.copyOf(referenced);
  }

  /**
   * The referenced values of one logged row as SQL literals: empty when a value cannot be read; an
   * empty list when one is NULL, which no child row can refer to.
   */
  Optional<List<String>> valuesOf(Serializable[] row) {
    List<String> literals = new ArrayList<>(referenced.size());
    for (KeyColumn column : referenced) {
      if (column.index() >= row.length) {
        return Optional.empty();
      }
      if (row[column.index()] == null) {
        return Optional.of(List.of());
      }
      Optional<String> literal = column.literal(row[column.index()]);
      if (literal.isEmpty()) {
        return Optional.empty();
      }
      literals.add(literal.get());
    }
    return Optional.of(literals);
  }
}
