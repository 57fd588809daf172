package dev.dbit.internal.binlog;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A table whose changed rows dbit follows in the binary log: how many columns a logged row has (a
 * logged table with another count is not followed: dbit cannot place its key) and its key.
 */
record TrackedTable(String name, int columnCount, List<KeyColumn> key) {
  TrackedTable {
    key = List.copyOf(key);
  }

  /** The key of one logged row as SQL literals, in key order; empty if a value cannot be read. */
  Optional<List<String>> keyOf(Serializable[] row) {
    List<String> literals = new ArrayList<>(key.size());
    for (KeyColumn column : key) {
      if (column.index() >= row.length || row[column.index()] == null) {
        return Optional.empty();
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
