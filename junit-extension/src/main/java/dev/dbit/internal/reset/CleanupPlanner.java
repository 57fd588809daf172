package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.template.RestoreSql;
import dev.dbit.internal.template.RowOrigin;
import dev.dbit.internal.template.SchemaLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Works out how to clean a set of dirty tables: in which order, with which statements, and what
 * that leaves of the {@code AUTO_INCREMENT} bookkeeping. It only computes; nothing runs here.
 */
final class CleanupPlanner {
  private final RowOrigin from;
  private final String copy;
  private final SchemaLayout layout;

  CleanupPlanner(RowOrigin from, String copy, SchemaLayout layout) {
    this.from = from;
    this.copy = copy;
    this.layout = layout;
  }

  /**
   * The cleanup of {@code dirty}. Tables whose reset fires a trigger come first, the tables those
   * triggers write last; only chains of triggers (a trigger target that fires triggers itself) need
   * a second probe. All in one transaction: one commit for all tables instead of one per DELETE.
   *
   * <p>A table restored by rows whose changed rows the change source showed gets only those rows
   * back, with the rows cascades took ({@link CascadeClosure}); what no source bounds is compared
   * in full.
   *
   * @param countersMoved tables whose {@code AUTO_INCREMENT} counter moved since it was last reset
   * @param resetAutoIncrement whether this cleanup also resets those counters
   * @param changes the rows the binary log says tests changed
   * @param cascades the rows the cascades of those changes took
   * @param keyTables the keys of changed rows dbit's triggers keep: a table they track gets back
   *     only those rows while their account is complete, unless a trigger this cleanup fires writes
   *     it; its key table is emptied either way
   * @param inFull every table compared with its origin in full, whatever the keys say (the tables a
   *     class that ended kept: their keys account only for what changed since its start)
   */
  CleanupPlan plan(
      Collection<String> dirty,
      Set<String> countersMoved,
      boolean resetAutoIncrement,
      ChangedRows changes,
      CascadeClosure cascades,
      Optional<KeyTables> keyTables,
      boolean inFull) {
    Set<String> all = new LinkedHashSet<>(dirty);
    all.addAll(cascades.reached());
    List<String> tables = order(all);
    Set<String> sources = new LinkedHashSet<>();
    tables.stream().filter(this::firesTriggers).forEach(sources::add);
    Set<String> writtenByTriggers = triggerTargets(sources);
    List<String> statements = new ArrayList<>();
    statements.add("START TRANSACTION");
    for (String table : tables) {
      boolean keyed = keyTables.isPresent() && keyTables.get().tables().contains(table);
      // A table only a cascade reached has no row of the test's own: none to restore by key. A
      // trigger this cleanup fires may write any row of its targets: compared in full.
      Optional<Set<List<String>>> changedKeys =
          cascades.inFull(table) || writtenByTriggers.contains(table)
              ? Optional.empty()
              : dirty.contains(table) || keyed ? changes.of(table) : Optional.of(Set.of());
      Set<List<String>> taken = cascades.rows(table);
      if (layout.referenceColumns().get(table) == null) {
        statements.add("DELETE FROM " + qualified(copy, table));
      } else if (changedKeys.isPresent() && layout.rowKeys().containsKey(table)) {
        Set<List<String>> rows = new HashSet<>(changedKeys.get());
        rows.addAll(taken);
        statements.addAll(RestoreSql.restoreRowsSql(from, copy, layout, table, rows));
      } else if (keyed
          && !inFull
          && keyTables.get().complete()
          && !cascades.inFull(table)
          && !writtenByTriggers.contains(table)) {
        statements.addAll(keyTables.get().restoreSql(from, table));
        statements.addAll(RestoreSql.restoreRowsSql(from, copy, layout, table, taken));
      } else if (keyed) {
        statements.addAll(keyTables.get().restoreInFullSql(from, table));
      } else {
        // One entry per statement: readers count dbit's own statements by them.
        statements.addAll(
            List.of(RestoreSql.restoreTableSql(from, copy, layout, table).split(";\n")));
      }
    }
    statements.add("COMMIT");
    Set<String> moved = new TreeSet<>(countersMoved);
    tables.stream().filter(layout.autoIncrementTables()::contains).forEach(moved::add);
    if (resetAutoIncrement) {
      for (String table : moved) {
        statements.add("ALTER TABLE " + qualified(copy, table) + " AUTO_INCREMENT = 1");
      }
      moved.clear();
    }
    return new CleanupPlan(tables, chained(tables), statements, moved);
  }

  private List<String> order(Collection<String> dirty) {
    Set<String> sources = new LinkedHashSet<>();
    Set<String> others = new LinkedHashSet<>();
    for (String table : dirty) {
      (firesTriggers(table) ? sources : others).add(table);
    }
    Set<String> targets = triggerTargets(sources);
    others.removeAll(targets);
    List<String> ordered = new ArrayList<>(sources);
    ordered.addAll(others);
    ordered.addAll(targets);
    return ordered;
  }

  /** Tables the triggers of {@code sources} write, other than the sources themselves. */
  private Set<String> triggerTargets(Set<String> sources) {
    Set<String> targets = new LinkedHashSet<>();
    for (String source : sources) {
      targets.addAll(layout.triggerTargets().getOrDefault(source, Set.of()));
    }
    targets.removeAll(sources);
    return targets;
  }

  private boolean chained(List<String> tables) {
    Set<String> sources = new LinkedHashSet<>();
    tables.stream().filter(this::firesTriggers).forEach(sources::add);
    return triggerTargets(sources).stream().anyMatch(this::firesTriggers)
        || sources.stream()
            .anyMatch(
                s ->
                    layout.triggerTargets().getOrDefault(s, Set.of()).stream()
                        .anyMatch(sources::contains));
  }

  private boolean firesTriggers(String table) {
    return layout.deleteTriggerTables().contains(table)
        || (layout.referenceTables().contains(table)
            && layout.insertTriggerTables().contains(table));
  }
}
