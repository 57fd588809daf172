package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.template.SchemaCopier;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Restores a dbit-owned copy to its post-migration state over the long-lived control connection.
 *
 * <p>First a gate: the server's global row-operation counters ({@code Handler_write}, {@code
 * Handler_update}, {@code Handler_delete}; MariaDB has no {@code Innodb_rows_*}) and the reference
 * tables' checksums. When no row was written anywhere on the server since the last reset and no
 * reference table changed, the schema is clean: one cheap round trip. Otherwise one round trip
 * finds what changed (every table that was empty is probed for a row, every reference table is
 * checksummed) and a second deletes the changed tables and reloads changed reference tables from
 * the template, then re-reads the gate. When a reset statement can fire a trigger chain, the probe
 * runs again until nothing is dirty.
 *
 * <p>The gate cannot miss a write to this schema: every row a table gains, loses or changes through
 * the storage engine interface moves one of the counters (reads and internal temporary tables do
 * not: measured stable across repeated reads on MariaDB 10.11 and 11.4) (cascades only change rows
 * whose parent change moved them; writes rolled back move them too, which only costs a probe).
 * Statements that empty a table without row operations ({@code TRUNCATE}) matter only for reference
 * tables, which the gate checksums.
 */
public final class DatabaseResetter {
  private static final int MAX_PASSES = 5;

  private final java.util.function.Supplier<Connection> control;
  private final String template;
  private final String copy;
  private final SchemaLayout layout;
  private final List<String> emptyTables;
  private final List<String> referenceTables;
  private final String existsSql;
  private final String probeSql;
  private Map<String, Long> referenceChecksums = Map.of();
  private final String gateSql;
  private long[] rowCounters = new long[0];

  /** Whether cleanups also reset AUTO_INCREMENT counters; set before each test. */
  private boolean resetAutoIncrement;

  /** Tables with an AUTO_INCREMENT column written since their counter was last reset. */
  private final Set<String> countersMoved = new java.util.TreeSet<>();

  public DatabaseResetter(
      java.util.function.Supplier<Connection> control,
      String template,
      String copy,
      SchemaLayout layout) {
    this.control = control;
    this.template = template;
    this.copy = copy;
    this.layout = layout;
    this.emptyTables = layout.emptyTables();
    this.referenceTables = List.copyOf(layout.referenceTables());
    this.existsSql = emptyTables.isEmpty() ? "" : SchemaLayout.probeSql(copy, emptyTables);
    this.probeSql = buildProbeSql();
    this.gateSql =
        ROW_COUNTERS_SQL + (referenceTables.isEmpty() ? "" : ";\n" + checksumSql(referenceTables));
  }

  private static final String ROW_COUNTERS_SQL =
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('Handler_write', 'Handler_update', 'Handler_delete')";

  /** All three counters; with fewer the gate is off and every reset probes. */
  private static final int COUNTERS = 3;

  /**
   * Deletes every row of every table and reloads all reference rows, then records the reference
   * checksums later resets compare against. Used once per run on a reused copy.
   */
  public void restoreEverything() throws SQLException {
    requireOwnership();
    // Cleans every table, so every AUTO_INCREMENT counter counts as moved (earlier runs moved
    // them).
    MultiStatement.execute(control.get(), cleanupSql(plan(layout.tables()).tables()));
    referenceChecksums = checksums(referenceTables);
    // No counter baseline yet: the reset below probes, and cleans what the triggers fired by the
    // deletes above wrote.
    rowCounters = new long[0];
    reset();
  }

  /**
   * Whether the resets before the next test also reset the {@code AUTO_INCREMENT} counter of every
   * table written since its counter was last reset ({@code ALTER TABLE ... AUTO_INCREMENT = 1},
   * which InnoDB raises to one past the highest id). Tables written while this was off are
   * remembered, so a test that asks for it never inherits a moved counter.
   */
  public void resetAutoIncrement(boolean enabled) {
    resetAutoIncrement = enabled;
  }

  /** True when the next reset must run a cleanup for counters alone, even if no row changed. */
  boolean countersToReset() {
    return resetAutoIncrement && !countersMoved.isEmpty();
  }

  /** Records the reference checksums of a freshly built copy. */
  public void recordBaseline() throws SQLException {
    requireOwnership();
    referenceChecksums = checksums(referenceTables);
    rowCounters = readRowCounters();
  }

  /**
   * The gate's reading.
   *
   * @param counters the global row counters now
   * @param clean no row written on the server and no reference table changed since the last reset
   */
  private record Gate(long[] counters, Map<String, Long> checksums, boolean clean) {}

  private Gate gate() throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      statement.execute(gateSql);
      long[] counters;
      try (ResultSet rows = statement.getResultSet()) {
        counters = rowCounters(rows);
      }
      Map<String, Long> checksums = Map.of();
      if (!referenceTables.isEmpty() && statement.getMoreResults()) {
        try (ResultSet rows = statement.getResultSet()) {
          checksums = readChecksums(rows);
        }
      }
      boolean clean =
          counters.length == COUNTERS
              && java.util.Arrays.equals(counters, rowCounters)
              && checksums.equals(referenceChecksums);
      return new Gate(counters, checksums, clean);
    }
  }

  private long[] readRowCounters() throws SQLException {
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(ROW_COUNTERS_SQL)) {
      return rowCounters(rows);
    }
  }

  private static long[] rowCounters(ResultSet rows) throws SQLException {
    java.util.TreeMap<String, Long> values = new java.util.TreeMap<>();
    while (rows.next()) {
      values.put(rows.getString(1).toLowerCase(java.util.Locale.ROOT), rows.getLong(2));
    }
    return values.values().stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * Restores every table a test changed.
   *
   * @return the tables that were reset, in order
   */
  public List<String> reset() throws SQLException {
    // Read before probing: a write racing with the probe moves the counters past this baseline.
    Gate gate = gate();
    if (gate.clean()) {
      if (countersToReset()) {
        rowCounters = executeCleanup(cleanupSql(List.of()));
      }
      return List.of();
    }
    return probeAndClean(gate.checksums(), gate.counters());
  }

  /**
   * Restores every table that differs from the post-migration state, found by probing every table
   * and checksumming every reference table: the safe method, for when no counter can be trusted.
   */
  public List<String> resetProbingEverything() throws SQLException {
    return probeAndClean(null, null);
  }

  private List<String> probeAndClean(Map<String, Long> gateChecksums, long[] gateCounters)
      throws SQLException {
    List<String> resetTables = new ArrayList<>();
    for (int pass = 1; pass <= MAX_PASSES; pass++) {
      // The gate has just checksummed the reference tables; later passes checksum again.
      List<String> dirty = pass == 1 && gateChecksums != null ? probe(gateChecksums) : probe();
      if (dirty.isEmpty()) {
        if (countersToReset()) {
          rowCounters = executeCleanup(cleanupSql(List.of()));
        } else {
          rowCounters = pass == 1 && gateCounters != null ? gateCounters : readRowCounters();
        }
        return resetTables;
      }
      CleanupPlan plan = plan(dirty);
      rowCounters = executeCleanup(cleanupSql(plan.tables()));
      resetTables.addAll(plan.tables());
      if (!plan.needsConfirmation()) {
        return resetTables;
      }
    }
    throw new IllegalStateException(
        "dbit: "
            + copy
            + " was still dirty after "
            + MAX_PASSES
            + " reset passes; triggers keep writing rows while dbit deletes. Tables: "
            + probe());
  }

  /**
   * The tables to clean, in an order that lets triggers fire harmlessly: tables whose reset fires a
   * trigger come first, the tables those triggers write come last. Only chains of triggers (a
   * trigger target that fires triggers itself) need a second probe.
   */
  CleanupPlan plan(List<String> dirty) {
    Set<String> sources = new LinkedHashSet<>();
    Set<String> others = new LinkedHashSet<>();
    for (String table : dirty) {
      (firesTriggers(table) ? sources : others).add(table);
    }
    Set<String> targets = new LinkedHashSet<>();
    for (String source : sources) {
      targets.addAll(layout.triggerTargets().getOrDefault(source, Set.of()));
    }
    targets.removeAll(sources);
    boolean chained =
        targets.stream().anyMatch(this::firesTriggers)
            || sources.stream()
                .anyMatch(
                    s ->
                        layout.triggerTargets().getOrDefault(s, Set.of()).stream()
                            .anyMatch(sources::contains));
    others.removeAll(targets);
    List<String> ordered = new ArrayList<>(sources);
    ordered.addAll(others);
    ordered.addAll(targets);
    return new CleanupPlan(ordered, chained);
  }

  /** Tables to clean in order, and whether a second probe must confirm the result. */
  record CleanupPlan(List<String> tables, boolean needsConfirmation) {}

  private boolean firesTriggers(String table) {
    return layout.deleteTriggerTables().contains(table)
        || (layout.referenceTables().contains(table)
            && layout.insertTriggerTables().contains(table));
  }

  /** Tables that differ from the post-migration state, in one round trip. */
  List<String> probe() throws SQLException {
    return probe(null);
  }

  /**
   * Like {@link #probe()}, but with reference checksums already read: only the empty tables are
   * probed.
   */
  private List<String> probe(Map<String, Long> knownChecksums) throws SQLException {
    List<String> dirty = new ArrayList<>();
    String sql = knownChecksums == null ? probeSql : existsSql;
    Map<String, Long> checksums = knownChecksums;
    if (!sql.isEmpty()) {
      try (Statement statement = control.get().createStatement()) {
        boolean isResult = statement.execute(sql);
        if (!emptyTables.isEmpty()) {
          try (ResultSet rows = statement.getResultSet()) {
            dirty.addAll(SchemaLayout.nonEmptyTables(rows, emptyTables));
          }
          isResult = statement.getMoreResults();
        }
        if (checksums == null && !referenceTables.isEmpty() && isResult) {
          try (ResultSet rows = statement.getResultSet()) {
            checksums = readChecksums(rows);
          }
        }
      }
    }
    for (String table : referenceTables) {
      if (!java.util.Objects.equals(
          checksums == null ? null : checksums.get(table), referenceChecksums.get(table))) {
        dirty.add(table);
      }
    }
    return dirty;
  }

  private String buildProbeSql() {
    List<String> parts = new ArrayList<>();
    if (!existsSql.isEmpty()) {
      parts.add(existsSql);
    }
    if (!referenceTables.isEmpty()) {
      parts.add(checksumSql(referenceTables));
    }
    return String.join(";\n", parts);
  }

  private String checksumSql(List<String> tables) {
    return "CHECKSUM TABLE "
        + String.join(", ", tables.stream().map(t -> qualified(copy, t)).toList());
  }

  private Map<String, Long> checksums(List<String> tables) throws SQLException {
    if (tables.isEmpty()) {
      return Map.of();
    }
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(checksumSql(tables))) {
      return readChecksums(rows);
    }
  }

  private Map<String, Long> readChecksums(ResultSet rows) throws SQLException {
    Map<String, Long> checksums = new HashMap<>();
    String prefix = copy + ".";
    while (rows.next()) {
      String name = rows.getString(1);
      checksums.put(
          name.startsWith(prefix) ? name.substring(prefix.length()) : name, rows.getLong(2));
    }
    return checksums;
  }

  String cleanupSql(List<String> tables) {
    List<String> statements = new ArrayList<>();
    // One transaction: one commit for all tables instead of one per DELETE.
    statements.add("START TRANSACTION");
    for (String table : tables) {
      List<String> columns = layout.referenceColumns().get(table);
      statements.add(
          columns == null
              ? "DELETE FROM " + qualified(copy, table)
              : SchemaCopier.restoreTableSql(template, copy, table, columns));
    }
    statements.add("COMMIT");
    for (String table : tables) {
      if (layout.autoIncrementTables().contains(table)) {
        countersMoved.add(table);
      }
    }
    if (resetAutoIncrement) {
      for (String table : countersMoved) {
        statements.add("ALTER TABLE " + qualified(copy, table) + " AUTO_INCREMENT = 1");
      }
      countersMoved.clear();
    }
    return String.join(";\n", statements);
  }

  /**
   * Runs a cleanup and returns the row counters read right after its commit, in the same round
   * trip.
   */
  private long[] executeCleanup(String sql) throws SQLException {
    return MultiStatement.executeReadingLast(
        control.get(), sql + ";\n" + ROW_COUNTERS_SQL, DatabaseResetter::rowCounters);
  }

  private void requireOwnership() throws SQLException {
    SchemaOwnership.requireOwned(control.get(), copy, "reset");
  }
}
