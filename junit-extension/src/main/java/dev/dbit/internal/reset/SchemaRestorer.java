package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Restores a dbit-owned copy to its post-migration state over the long-lived control connection:
 * runs cleanups, keeps the {@code AUTO_INCREMENT} bookkeeping, and offers the safe method every
 * strategy falls back to, a probe of every table (empty-after-migration tables asked for a row,
 * reference tables checksummed).
 */
public final class SchemaRestorer {
  /** Cleanups in a row before dbit gives up on a schema that keeps changing. */
  static final int MAX_PASSES = 5;

  private final Supplier<Connection> control;
  private final String copy;
  private final SchemaLayout layout;
  private final CleanupPlanner planner;
  private final List<String> emptyTables;
  private final List<String> referenceTables;
  private final String existsSql;
  private final String probeSql;
  private Map<String, Long> referenceChecksums = Map.of();

  /** Whether cleanups also reset AUTO_INCREMENT counters; set before each test. */
  private boolean resetAutoIncrement;

  /** Tables with an AUTO_INCREMENT column written since their counter was last reset. */
  private Set<String> countersMoved = new TreeSet<>();

  public SchemaRestorer(
      Supplier<Connection> control, String template, String copy, SchemaLayout layout) {
    this.control = control;
    this.copy = copy;
    this.layout = layout;
    this.planner = new CleanupPlanner(template, copy, layout);
    this.emptyTables = layout.emptyTables();
    this.referenceTables = List.copyOf(layout.referenceTables());
    this.existsSql = emptyTables.isEmpty() ? "" : SchemaLayout.probeSql(copy, emptyTables);
    List<String> parts = new ArrayList<>();
    if (!existsSql.isEmpty()) {
      parts.add(existsSql);
    }
    if (!referenceTables.isEmpty()) {
      parts.add(checksumSql());
    }
    this.probeSql = String.join(";\n", parts);
  }

  /**
   * Deletes every row of every table and reloads all reference rows, records the reference
   * checksums later probes compare against, and probes once more for what triggers fired by those
   * deletes wrote. Used once per run on a reused copy.
   */
  public void restoreEverything() throws SQLException {
    requireOwnership();
    // Cleans every table, so every AUTO_INCREMENT counter counts as moved (earlier runs moved
    // them).
    clean(plan(layout.tables()), "", rows -> null);
    referenceChecksums = readChecksums();
    resetProbingEverything();
  }

  /** Records the reference checksums of a freshly built copy. */
  public void recordBaseline() throws SQLException {
    requireOwnership();
    referenceChecksums = readChecksums();
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

  /** The cleanup of {@code dirty} with the current bookkeeping; runs nothing. */
  CleanupPlan plan(Collection<String> dirty) {
    return planner.plan(dirty, countersMoved, resetAutoIncrement);
  }

  /**
   * Runs {@code plan} and {@code readingSql} (if not empty) in one request; the bookkeeping changes
   * only once the request has succeeded.
   *
   * @return what {@code reader} made of the request's last result
   */
  <T> T clean(CleanupPlan plan, String readingSql, MultiStatement.Reader<T> reader)
      throws SQLException {
    return clean("", plan, readingSql, reader);
  }

  /** Like {@link #clean(CleanupPlan, String, MultiStatement.Reader)}, after {@code firstSql}. */
  <T> T clean(String firstSql, CleanupPlan plan, String readingSql, MultiStatement.Reader<T> reader)
      throws SQLException {
    List<String> parts = new ArrayList<>();
    if (!firstSql.isEmpty()) {
      parts.add(firstSql);
    }
    parts.add(plan.sql());
    if (!readingSql.isEmpty()) {
      parts.add(readingSql);
    }
    T reading = MultiStatement.executeReadingLast(control.get(), String.join(";\n", parts), reader);
    countersMoved = new TreeSet<>(plan.countersMovedAfter());
    return reading;
  }

  /**
   * Restores every table that differs from the post-migration state, found by probing every table:
   * the safe method, for when no counter can be trusted.
   */
  public void resetProbingEverything() throws SQLException {
    probeAndClean(Optional.empty(), "", rows -> null);
  }

  /**
   * Probes and cleans until nothing differs.
   *
   * @param knownChecksums reference checksums just read, so that the first probe skips them
   * @param readingSql read in the same request as each cleanup, after it
   * @return the reading that followed the last cleanup; empty when nothing needed cleaning
   */
  <T> Optional<T> probeAndClean(
      Optional<Map<String, Long>> knownChecksums,
      String readingSql,
      MultiStatement.Reader<T> reader)
      throws SQLException {
    Optional<T> reading = Optional.empty();
    for (int pass = 1; pass <= MAX_PASSES; pass++) {
      List<String> dirty = probe(pass == 1 ? knownChecksums : Optional.empty());
      if (dirty.isEmpty() && !countersToReset()) {
        return reading;
      }
      CleanupPlan plan = plan(dirty);
      reading = Optional.ofNullable(clean(plan, readingSql, reader));
      if (!plan.needsConfirmation() || dirty.isEmpty()) {
        return reading;
      }
    }
    throw new IllegalStateException(
        "dbit: "
            + copy
            + " was still dirty after "
            + MAX_PASSES
            + " reset passes; triggers keep writing rows while dbit deletes. Tables: "
            + probe(Optional.empty()));
  }

  /** Reference tables whose checksum differs from the post-migration one. */
  List<String> changedReferenceTables(Map<String, Long> checksums) {
    List<String> changed = new ArrayList<>();
    for (String table : referenceTables) {
      if (!Objects.equals(checksums.get(table), referenceChecksums.get(table))) {
        changed.add(table);
      }
    }
    return changed;
  }

  /** {@code CHECKSUM TABLE} of every reference table; empty when there are none. */
  String checksumSql() {
    return referenceTables.isEmpty()
        ? ""
        : "CHECKSUM TABLE "
            + String.join(", ", referenceTables.stream().map(t -> qualified(copy, t)).toList());
  }

  /** Reads the result of {@link #checksumSql()}. */
  Map<String, Long> checksums(ResultSet rows) throws SQLException {
    Map<String, Long> checksums = new HashMap<>();
    String prefix = copy + ".";
    while (rows.next()) {
      String name = rows.getString(1);
      checksums.put(
          name.startsWith(prefix) ? name.substring(prefix.length()) : name, rows.getLong(2));
    }
    return checksums;
  }

  /** Tables that differ from the post-migration state, in one round trip. */
  private List<String> probe(Optional<Map<String, Long>> knownChecksums) throws SQLException {
    List<String> dirty = new ArrayList<>();
    String sql = knownChecksums.isPresent() ? existsSql : probeSql;
    Map<String, Long> checksums = knownChecksums.orElse(Map.of());
    if (!sql.isEmpty()) {
      try (Statement statement = control.get().createStatement()) {
        boolean isResult = statement.execute(sql);
        if (!emptyTables.isEmpty()) {
          try (ResultSet rows = statement.getResultSet()) {
            dirty.addAll(SchemaLayout.nonEmptyTables(rows, emptyTables));
          }
          isResult = statement.getMoreResults();
        }
        if (knownChecksums.isEmpty() && !referenceTables.isEmpty() && isResult) {
          try (ResultSet rows = statement.getResultSet()) {
            checksums = checksums(rows);
          }
        }
      }
    }
    dirty.addAll(changedReferenceTables(checksums));
    return dirty;
  }

  private Map<String, Long> readChecksums() throws SQLException {
    if (referenceTables.isEmpty()) {
      return Map.of();
    }
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(checksumSql())) {
      return checksums(rows);
    }
  }

  private void requireOwnership() throws SQLException {
    SchemaOwnership.requireOwned(control.get(), copy, "reset");
  }
}
