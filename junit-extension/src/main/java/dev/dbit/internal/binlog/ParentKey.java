package dev.dbit.internal.binlog;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
 * @param placing where a logged row holds the columns that place it under a parent of its own
 *     through a cascading key: a row a test moved (changed one of them) may be taken by that
 *     parent's cascade without a log entry, so it releases its values whatever else changed
 */
record ParentKey(
    String name,
    int columnCount,
    List<KeyColumn> referenced,
    boolean onDelete,
    boolean onUpdate,
    List<Integer> placing) {
  ParentKey {
    referenced = List.copyOf(referenced);
    placing = List.copyOf(placing);
  }

  /** Whether an update from {@code before} to {@code after} moved the row under another parent. */
  boolean moved(Serializable[] before, Serializable[] after) {
    return placing.stream()
        .anyMatch(
            i ->
                i >= before.length
                    || i >= after.length
                    || !Objects.deepEquals(before[i], after[i]));
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
