package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The portable reader, for servers that count no writes per table where dbit may not mark changed
 * tables by triggers: a gate decides whether anything needs probing. It names no table: when
 * anything may have changed, the reset probes every table.
 *
 * <p>The gate: the server's global row-operation counters ({@code Handler_write}, {@code
 * Handler_update}, {@code Handler_delete}; MariaDB has no {@code Innodb_rows_*}) and whether any
 * table was created again ({@link TableRecreations}: InnoDB's table ids; reference tables of other
 * engines, or all of them where the ids cannot be read, are checksummed instead), read in one
 * request after the statement counters that start the next test. Every row a table gains, loses or
 * changes through the storage engine moves one of the counters (rolled-back writes too, which only
 * costs a probe); {@code TRUNCATE}, {@code DROP} and {@code CREATE} and a copying {@code ALTER}
 * give the table a new id.
 */
final class RowCounterGate implements ChangeReader<RowCounterGate.Gate> {
  /** Logged when a run falls back to this reader; {@code %d}: the number of tables. */
  static final String ADVICE =
      "dbit: this server counts no writes per table (MariaDB: userstat and performance_schema off;"
          + " MySQL: performance_schema off), so the reset after every test that wrote probes all"
          + " %d tables. On a test server, SET GLOBAL userstat=ON (MariaDB, no restart) or start it"
          + " with --performance-schema=ON: then a reset costs two requests whatever the test did.";

  private static final String ROW_COUNTERS_SQL =
      "SHOW GLOBAL STATUS WHERE Variable_name IN ('Handler_write', 'Handler_update',"
          + " 'Handler_delete')";

  /** All three counters; with fewer the gate is off and every reset probes. */
  private static final int COUNTERS = 3;

  private final Supplier<Connection> control;
  private final SchemaRestorer restorer;
  private final Optional<TableRecreations> recreations;

  /** The reference tables the gate checksums: all, or those InnoDB does not hold. */
  private final List<String> checksummed;

  private final String gateSql;
  private final ServerCounters counters;

  /** The row counters right after the last reset. */
  private long[] rowCounters;

  /**
   * One reading.
   *
   * @param start the statement counters
   * @param open some connection may hold locks or changes
   * @param changed null after a test (the gate decides), else none: the gate names no table
   * @param counters the global row counters, when the gate read them
   * @param checksums the reference tables' checksums, when the gate read them
   * @param probe anything may have changed: probe every table
   * @param recreated a table of the schema was created again since the last reset
   */
  record Gate(
      ServerCounters.Reading start,
      boolean open,
      Set<String> changed,
      long[] counters,
      Map<String, Long> checksums,
      boolean probe,
      boolean recreated)
      implements ChangeReader.Reading {
    @Override
    public boolean openTransactions() {
      return open;
    }
  }

  RowCounterGate(
      Supplier<Connection> control, SchemaRestorer restorer, ServerCounters counters, String copy)
      throws SQLException {
    this.control = control;
    this.restorer = restorer;
    this.counters = counters;
    this.recreations = TableRecreations.ifReadable(control, copy);
    this.checksummed =
        recreations.isPresent()
            ? notInnoDb(control.get(), copy, restorer.referenceTables())
            : restorer.referenceTables();
    List<String> parts = new ArrayList<>();
    parts.add(ROW_COUNTERS_SQL);
    recreations.ifPresent(r -> parts.add(r.sql()));
    String checksums = restorer.checksums().sql(checksummed);
    if (!checksums.isEmpty()) {
      parts.add(checksums);
    }
    this.gateSql = String.join(";\n", parts);
    this.rowCounters = readRowCounters();
  }

  /** Those of {@code tables} not stored by InnoDB: their re-creation has no table id to show. */
  private static List<String> notInnoDb(Connection control, String copy, List<String> tables)
      throws SQLException {
    Set<String> innoDb = InnoDbTables.names(control, copy);
    return tables.stream().filter(t -> !innoDb.contains(t)).toList();
  }

  @Override
  public String describe() {
    return "global row counters gate a probe of every table";
  }

  @Override
  public Gate end() throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      ServerCounters.Reading reading =
          counters.readBefore(statement, "SELECT " + OpenTransactions.COUNT_SQL);
      try (ResultSet rows = statement.getResultSet()) {
        rows.next();
        return new Gate(reading, rows.getLong(1) > 0, null, new long[0], Map.of(), false, false);
      }
    }
  }

  /** Read before probing: a write racing with the probe moves the counters past this baseline. */
  @Override
  public Gate gate(Optional<Gate> end, boolean cleanAnyway) throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      ServerCounters.Reading start = counters.readBefore(statement, gateSql);
      long[] now;
      try (ResultSet rows = statement.getResultSet()) {
        now = rowCounters(rows);
      }
      boolean unchanged = true;
      if (recreations.isPresent() && statement.getMoreResults()) {
        try (ResultSet rows = statement.getResultSet()) {
          unchanged = recreations.get().unchanged(rows);
        }
      }
      Map<String, Long> checksums = Map.of();
      if (!checksummed.isEmpty() && statement.getMoreResults()) {
        try (ResultSet rows = statement.getResultSet()) {
          checksums = restorer.checksums().read(rows);
        }
      }
      boolean clean =
          now.length == COUNTERS
              && Arrays.equals(now, rowCounters)
              && unchanged
              && restorer.checksums().changed(checksums, checksummed).isEmpty();
      return new Gate(start, false, Set.of(), now, checksums, !clean, !unchanged);
    }
  }

  /** Only after a clean gate, to reset {@code AUTO_INCREMENT} counters. */
  @Override
  public Gate clean(CleanupPlan plan, Gate before) throws SQLException {
    rowCounters = restorer.clean(plan, ROW_COUNTERS_SQL, RowCounterGate::rowCounters);
    return new Gate(
        counters.read(control.get()), false, Set.of(), rowCounters, Map.of(), false, false);
  }

  /**
   * Probes every table and cleans what differs, reading the row counters again in the cleanup's
   * request. After a gate, the checksums it read spare the first probe theirs, unless a table was
   * created again: then rows changed unseen by any trigger, which it may have lost; triggers and
   * key tables created again give the schema new table ids, the baseline from here.
   */
  @Override
  public ServerCounters.Reading probeEverything(Optional<Gate> gate) throws SQLException {
    Optional<Map<String, Long>> known = Optional.empty();
    if (gate.isEmpty()) {
      restorer.changedRows().distrustKeys();
      if (recreations.isPresent()) {
        recreations.get().rebase(control.get());
      }
    } else {
      recreations.ifPresent(TableRecreations::acceptLastRead);
      if (gate.get().recreated()
          && restorer.changedRows().distrustKeys()
          && recreations.isPresent()) {
        recreations.get().rebase(control.get());
      }
      known = recreations.isPresent() ? Optional.empty() : Optional.of(gate.get().checksums());
    }
    Optional<long[]> after =
        restorer.probeAndClean(known, ROW_COUNTERS_SQL, RowCounterGate::rowCounters);
    rowCounters = after.isPresent() ? after.get() : afterNothingCleaned(gate);
    return counters.read(control.get());
  }

  /** The row counters when a probe cleaned nothing: the gate's, or read now. */
  private long[] afterNothingCleaned(Optional<Gate> gate) throws SQLException {
    return gate.isPresent() ? gate.get().counters() : readRowCounters();
  }

  @Override
  public ServerCounters.Reading peek() throws SQLException {
    return counters.read(control.get());
  }

  private long[] readRowCounters() throws SQLException {
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(ROW_COUNTERS_SQL)) {
      return rowCounters(rows);
    }
  }

  private static long[] rowCounters(ResultSet rows) throws SQLException {
    TreeMap<String, Long> values = new TreeMap<>();
    while (rows.next()) {
      values.put(rows.getString(1).toLowerCase(Locale.ROOT), rows.getLong(2));
    }
    return values.values().stream().mapToLong(Long::longValue).toArray();
  }
}
