package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.template.SchemaLayout;
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
 * The portable strategy, for MySQL and for MariaDB without {@code userstat}: a gate decides whether
 * anything needs probing. The statement counters that start a test's measurement are read at the
 * head of the gate's request, so that between two tests that wrote nothing dbit sends two requests:
 * the end reading (which also counts the open transactions the lock janitor would look for) and the
 * gate.
 *
 * <p>The gate: the server's global row-operation counters ({@code Handler_write}, {@code
 * Handler_update}, {@code Handler_delete}; MariaDB has no {@code Innodb_rows_*}) and whether any
 * table was created again ({@link TableRecreations}: InnoDB's table ids; reference tables of other
 * engines, or all of them where the ids cannot be read, are checksummed instead), in one round
 * trip. When no row was written anywhere on the server since the last reset and no table was
 * created again, the schema is clean. Otherwise the restorer probes every table and cleans what
 * differs, reading the counters again in the cleanup's request.
 *
 * <p>The gate cannot miss a write to this schema: every row a table gains, loses or changes through
 * the storage engine interface moves one of the counters (reads and internal temporary tables do
 * not), cascades only change rows whose parent change moved them, and rolled-back writes move them
 * too, which only costs a probe. Statements that change rows without row operations ({@code
 * TRUNCATE}, {@code DROP} and {@code CREATE}, a copying {@code ALTER}) create the table again,
 * which gives it a new id.
 */
public final class CounterGateReset implements BetweenTests {
  /** Logged when a run falls back to this strategy; {@code %d}: the number of tables. */
  public static final String ADVICE =
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
  private ServerCounters counters;
  private boolean distrusted;

  /** The row counters right after the last reset; empty: the next gate probes. */
  private long[] rowCounters;

  public CounterGateReset(
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
    Set<String> innoDb = SchemaLayout.innoDbTables(control, copy);
    return tables.stream().filter(t -> !innoDb.contains(t)).toList();
  }

  @Override
  public ServerCounters.Reading beforeTest() throws SQLException {
    if (distrusted) {
      distrusted = false;
      restorer.distrustKeys();
      if (recreations.isPresent()) {
        recreations.get().rebase(control.get());
      }
      rowCounters =
          restorer
              .probeAndClean(Optional.empty(), ROW_COUNTERS_SQL, CounterGateReset::rowCounters)
              .orElse(readRowCounters());
      return counters.read(control.get());
    }
    // Read before probing: a write racing with the probe moves the counters past this baseline.
    Gate gate = gate();
    if (gate.clean()) {
      if (restorer.countersToReset()) {
        rowCounters =
            restorer.clean(
                restorer.plan(List.of()), ROW_COUNTERS_SQL, CounterGateReset::rowCounters);
        return counters.read(control.get());
      }
      // Nothing ran since the gate's request, which read the counters first: the next test's start.
      return gate.start();
    }
    recreations.ifPresent(TableRecreations::acceptLastRead);
    // Rows of a re-created table changed unseen by any trigger, which it may have lost; triggers
    // and key tables created again give the schema new table ids, the baseline from here.
    if (gate.recreated() && restorer.distrustKeys() && recreations.isPresent()) {
      recreations.get().rebase(control.get());
    }
    rowCounters =
        restorer
            .probeAndClean(
                recreations.isPresent() ? Optional.empty() : Optional.of(gate.checksums()),
                ROW_COUNTERS_SQL,
                CounterGateReset::rowCounters)
            .orElse(gate.counters());
    return counters.read(control.get());
  }

  @Override
  public AfterTest afterTest() throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      ServerCounters.Reading reading =
          counters.readBefore(statement, "SELECT " + OpenTransactions.COUNT_SQL);
      try (ResultSet rows = statement.getResultSet()) {
        rows.next();
        return new AfterTest(reading, rows.getLong(1) > 0);
      }
    }
  }

  @Override
  public ServerCounters.Reading peek() throws SQLException {
    return counters.read(control.get());
  }

  @Override
  public void distrust() {
    distrusted = true;
  }

  @Override
  public void controlReconnected() throws SQLException {
    counters = ServerCounters.on(control.get());
    distrusted = true;
  }

  @Override
  public String describe() {
    return "global row counters gate a probe of every table";
  }

  /**
   * The gate's reading.
   *
   * @param start the statement counters, read first in the gate's request
   * @param counters the global row counters now
   * @param checksums the reference tables' checksums now
   * @param clean no row written on the server and no reference table changed since the last reset
   * @param recreated a table of the schema was created again since the last reset
   */
  private record Gate(
      ServerCounters.Reading start,
      long[] counters,
      Map<String, Long> checksums,
      boolean clean,
      boolean recreated) {}

  private Gate gate() throws SQLException {
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
      return new Gate(start, now, checksums, clean, !unchanged);
    }
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
