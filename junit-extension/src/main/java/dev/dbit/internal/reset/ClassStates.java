package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;
import static java.util.stream.Collectors.joining;

import dev.dbit.internal.template.BookkeepingSchema;
import dev.dbit.internal.template.RowOrigin;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What resets restore the copy to while test classes run: the template, or the state a class's
 * setup left before its first test (its starting state) over the state of the class it is nested
 * in. A class keeps the tables its setup changed in dbit's bookkeeping schema beside the copy
 * ({@code class1_<table>} for a top-level class, {@code class2_} for a class nested in it, ...);
 * every other table comes back from the state below, and at the bottom from the template.
 */
public final class ClassStates {
  /**
   * One state resets restore to.
   *
   * @param layout the copy's layout in this state: which tables hold rows, restored by which keys
   * @param from where each table's rows come back from
   * @param kept the tables this state keeps itself, in its own tables
   * @param checksums the reference tables' checksums in this state
   * @param planner how resets plan their cleanups in this state
   */
  record State(
      SchemaLayout layout,
      RowOrigin from,
      Set<String> kept,
      Map<String, Long> checksums,
      CleanupPlanner planner) {
    State {
      kept = Set.copyOf(kept);
      checksums = Map.copyOf(checksums);
    }
  }

  private final Supplier<Connection> control;
  private final String copy;
  private final ReferenceChecksums checksums;

  /** The template's state at the bottom, the running class's on top. */
  private final Deque<State> states = new ArrayDeque<>();

  /** Tables of the bookkeeping schema made by this run: made once, filled many times. */
  private final Set<String> made = new HashSet<>();

  private Map<String, List<String>> insertable;

  /** The template's state: {@code layout}, rows {@code from} it. */
  ClassStates(
      Supplier<Connection> control,
      String copy,
      ReferenceChecksums checksums,
      SchemaLayout layout,
      RowOrigin from) {
    this.control = control;
    this.copy = copy;
    this.checksums = checksums;
    states.push(
        new State(layout, from, Set.of(), Map.of(), new CleanupPlanner(from, copy, layout)));
  }

  State current() {
    return states.peek();
  }

  /** Whether a class's state is on the template's. */
  public boolean inClass() {
    return states.size() > 1;
  }

  /**
   * A class starts from the current state; what its setup changes is kept in a state of its own.
   */
  public void enter() {
    // The checksums the current state's probes compare with now, to go back to.
    State below = states.pop();
    Map<String, Long> sums = checksums.recorded();
    states.push(new State(below.layout(), below.from(), below.kept(), sums, below.planner()));
    states.push(new State(below.layout(), below.from(), Set.of(), sums, below.planner()));
  }

  /**
   * The running class ended: the state below it is current again.
   *
   * @return the tables whose rows must come back from it
   */
  public Set<String> leave() {
    if (!inClass()) {
      throw new IllegalStateException("dbit: a class ended that never started");
    }
    Set<String> kept = states.pop().kept();
    checksums.use(current().checksums());
    return kept;
  }

  /**
   * The cleanup that keeps {@code dirty} and what cascades reach from them as they are now in the
   * copy, as the running class's starting state; the tables that hold them are made first, in a
   * request of their own. Their recorded keys are forgotten: their rows now are the state.
   */
  CleanupPlan keepPlan(Collection<String> dirty, Optional<KeyTables> keys, Set<String> moved)
      throws SQLException {
    SchemaLayout layout = current().layout();
    Set<String> tables = layout.withCascades(new LinkedHashSet<>(dirty));
    makeTables(tables);
    List<String> statements = new ArrayList<>();
    statements.add("START TRANSACTION");
    for (String table : tables) {
      String kept = keptTable(table);
      statements.add("DELETE FROM " + kept);
      // Generated and invisible columns named, so that the server computes the first again.
      boolean named =
          layout.columnListTables().contains(table) || layout.lenientCopyTables().contains(table);
      String columns =
          named ? insertable().get(table).stream().map(c -> quote(c)).collect(joining(", ")) : "*";
      statements.add(
          "INSERT INTO "
              + kept
              + (named ? " (" + columns + ")" : "")
              + " SELECT "
              + columns
              + " FROM "
              + qualified(copy, table));
      keys.flatMap(k -> k.forgetSql(table)).ifPresent(statements::add);
    }
    statements.add("COMMIT");
    Set<String> movedAfter = new TreeSet<>(moved);
    tables.stream().filter(layout.autoIncrementTables()::contains).forEach(movedAfter::add);
    return new CleanupPlan(List.copyOf(tables), false, statements, movedAfter);
  }

  /** Every table's insertable columns, read once per run. */
  Map<String, List<String>> insertable() throws SQLException {
    if (insertable == null) {
      insertable = SchemaLayout.insertableColumns(control.get(), copy);
    }
    return insertable;
  }

  /**
   * {@code tables} now come back from the running class's own tables, by rows where the change
   * source names changed rows ({@code byRows}); call once the plan of {@link #keepPlan} ran. Reads
   * which of them hold rows, their keys and checksums: three queries.
   */
  void kept(List<String> tables, Set<String> byRows) throws SQLException {
    State before = current();
    SchemaLayout layout =
        before.layout().withRowsOf(control.get(), copy, tables, insertable(), byRows);
    Map<String, String> own = new HashMap<>();
    for (String table : before.kept()) {
      own.put(table, keptTable(table));
    }
    for (String table : tables) {
      own.put(table, keptTable(table));
    }
    RowOrigin below = before.from();
    RowOrigin from = table -> own.containsKey(table) ? own.get(table) : below.of(table);
    Map<String, Long> sums = new HashMap<>(checksums.recorded());
    sums.keySet().removeAll(tables);
    sums.putAll(checksums.now(tables.stream().filter(layout.referenceTables()::contains).toList()));
    states.pop();
    states.push(
        new State(layout, from, own.keySet(), sums, new CleanupPlanner(from, copy, layout)));
    checksums.use(sums);
  }

  /**
   * The table of dbit's bookkeeping schema that keeps {@code table} for the running class (call
   * with its state on top).
   */
  private String keptTable(String table) {
    return BookkeepingSchema.table(
        copy, "class" + (states.size() - 1) + "_" + DbitTriggers.shortName(table));
  }

  /** Makes, once per run, the tables that keep {@code tables} at the running class's depth. */
  private void makeTables(Collection<String> tables) throws SQLException {
    List<String> missing = new ArrayList<>();
    for (String table : tables) {
      String kept = keptTable(table);
      if (made.add(kept)) {
        // Made again at a run's first use: the copy's table may have changed since an earlier run.
        missing.add("DROP TABLE IF EXISTS " + kept);
        missing.add("CREATE TABLE " + kept + " LIKE " + qualified(copy, table));
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    BookkeepingSchema.ensure(control.get(), copy);
    try (Statement statement = control.get().createStatement()) {
      for (String sql : missing) {
        statement.addBatch(sql);
      }
      statement.executeBatch();
    }
  }
}
