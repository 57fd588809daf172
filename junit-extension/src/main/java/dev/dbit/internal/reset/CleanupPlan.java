package dev.dbit.internal.reset;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One cleanup, worked out before anything runs.
 *
 * @param tables the tables to clean, in order
 * @param needsConfirmation a chain of triggers may write again: probe once more afterwards
 * @param statements the statements of the one request that cleans them, in order
 * @param countersMovedAfter the tables whose {@code AUTO_INCREMENT} counter is still moved once the
 *     request has succeeded
 */
record CleanupPlan(
    List<String> tables,
    boolean needsConfirmation,
    List<String> statements,
    Set<String> countersMovedAfter) {
  CleanupPlan {
    tables = List.copyOf(tables);
    statements = List.copyOf(statements);
    countersMovedAfter = Set.copyOf(countersMovedAfter);
  }

  /**
   * This plan with {@code statement} first inside its transaction; the same plan when {@code
   * statement} is empty.
   */
  CleanupPlan withFirstInTransaction(String statement) {
    if (statement.isEmpty()) {
      return this;
    }
    List<String> all = new ArrayList<>(statements);
    // One entry per statement: readers count dbit's own statements by them.
    all.addAll(all.indexOf("START TRANSACTION") + 1, List.of(statement.split(";\n")));
    return new CleanupPlan(tables, needsConfirmation, all, countersMovedAfter);
  }

  /**
   * This plan with {@code statement} last inside its transaction; the same plan when {@code
   * statement} is empty.
   */
  CleanupPlan withLastInTransaction(String statement) {
    if (statement.isEmpty()) {
      return this;
    }
    List<String> all = new ArrayList<>(statements);
    all.addAll(all.indexOf("COMMIT"), List.of(statement.split(";\n")));
    return new CleanupPlan(tables, needsConfirmation, all, countersMovedAfter);
  }

  /** The statements as one multi-statement request. */
  String sql() {
    return String.join(";\n", statements);
  }
}
