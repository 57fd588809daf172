package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.measure.StatementTimer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A server with performance_schema and no {@code userstat} (MySQL 8 by default, MariaDB started
 * with it): rows written per table from {@code performance_schema.table_io_waits_summary_by_table}.
 *
 * <p>The end reading takes the measurement (the server's {@code Questions} net of the control
 * connection's own, and the statement time of dbit's test connections), the open transactions and
 * the table counters. The next test's measurement continues from it, since dbit's reset does not
 * move a net counter: the readings between tests need the table counters alone. On MySQL 8.0 and
 * MariaDB 11.4 every row written through the storage engine moves its table's counter (rolled-back,
 * trigger and {@code LOCK TABLES} writes included, from any connection); cascades move none, so the
 * engine adds the tables they reach.
 */
final class TableIoReader implements ChangeReader<TableIoReader.Io> {
  /** Rows written per table of a schema; its literal name and the type filter follow. */
  private static final String TABLES_SQL =
      "SELECT OBJECT_NAME, COUNT_INSERT + COUNT_UPDATE + COUNT_DELETE, 0, 0, 0, '', 0 FROM"
          + " performance_schema.table_io_waits_summary_by_table WHERE OBJECT_SCHEMA = ";

  private final Supplier<Connection> control;
  private final SchemaRestorer restorer;
  private final Set<String> tables;
  private final String copy;
  private final String tablesSql;
  private final StatementTimer timer;

  /** The per-table counters of the state the schema was last restored to. */
  private Map<String, Long> base;

  /**
   * One reading.
   *
   * @param start the measurement counters the next test starts from
   * @param open transactions holding locks or changes, other than the reader's
   * @param counters rows written per table of the test schema, since the server started
   * @param changed tables changed since the base
   */
  record Io(
      ServerCounters.Reading start, long open, Map<String, Long> counters, Set<String> changed)
      implements ChangeReader.Reading {
    @Override
    public boolean probe() {
      return false;
    }

    @Override
    public boolean openTransactions() {
      return open > 0;
    }
  }

  private TableIoReader(
      Supplier<Connection> control,
      SchemaRestorer restorer,
      Set<String> tables,
      String copy,
      StatementTimer timer) {
    this.control = control;
    this.timer = timer;
    this.restorer = restorer;
    this.tables = tables;
    this.copy = copy;
    this.tablesSql = TABLES_SQL + literal(copy) + " AND OBJECT_TYPE = 'TABLE'";
  }

  /**
   * The reader, on a server with performance_schema on and table I/O instrumented; call on a
   * freshly restored copy.
   */
  static Optional<TableIoReader> ifAvailable(
      Supplier<Connection> control,
      SchemaRestorer restorer,
      Set<String> tables,
      String copy,
      ServerCounters counters)
      throws SQLException {
    if (counters.timer().isEmpty() || !tableIoCounted(control.get())) {
      return Optional.empty();
    }
    TableIoReader reader =
        new TableIoReader(control, restorer, tables, copy, counters.timer().get());
    reader.base = reader.read().counters();
    return Optional.of(reader);
  }

  /** Table I/O waits are instrumented and aggregated (MySQL 8's default). */
  private static boolean tableIoCounted(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT (SELECT COUNT(*) FROM performance_schema.setup_instruments WHERE NAME ="
                    + " 'wait/io/table/sql/handler' AND ENABLED = 'YES') + (SELECT COUNT(*) FROM"
                    + " performance_schema.setup_consumers WHERE NAME = 'global_instrumentation'"
                    + " AND ENABLED = 'YES')")) {
      return rows.next() && rows.getInt(1) == 2;
    } catch (SQLException e) {
      return false;
    }
  }

  @Override
  public String describe() {
    return "performance_schema table I/O counters";
  }

  @Override
  public Io end() throws SQLException {
    Io end = read();
    return new Io(end.start(), end.open(), end.counters(), changedTables(end.counters()));
  }

  /** Reads the table counters alone; the measurement continues from the end reading. */
  @Override
  public Io gate(Optional<Io> end, boolean cleanAnyway) throws SQLException {
    ServerCounters.Reading start = end.isPresent() ? end.get().start() : read().start();
    Map<String, Long> now;
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(tablesSql)) {
      now = parse(rows, timer).counters();
    }
    return new Io(start, 0, now, changedTables(now));
  }

  @Override
  public boolean asksAfterRollback() {
    return true;
  }

  @Override
  public void restoredAt(Io reading) {
    base = reading.counters();
  }

  @Override
  public Io clean(CleanupPlan plan, Io before) throws SQLException {
    Io after = restorer.clean(plan, tablesSql, rows -> parse(rows, timer));
    Set<String> changedMeanwhile = new LinkedHashSet<>();
    for (Map.Entry<String, Long> table : after.counters().entrySet()) {
      if (tables.contains(table.getKey())
          && !plan.tables().contains(table.getKey())
          && !table.getValue().equals(before.counters().getOrDefault(table.getKey(), 0L))) {
        changedMeanwhile.add(table.getKey());
      }
    }
    // Another connection's writes meanwhile stay changed against the new base.
    Map<String, Long> restored = new HashMap<>(after.counters());
    for (String table : changedMeanwhile) {
      restored.put(table, base.getOrDefault(table, 0L));
    }
    base = restored;
    return new Io(before.start(), 0, after.counters(), changedMeanwhile);
  }

  @Override
  public ServerCounters.Reading probeEverything(Optional<Io> gate) throws SQLException {
    restorer.resetProbingEverything();
    Io now = read();
    base = now.counters();
    return now.start();
  }

  @Override
  public ServerCounters.Reading peek() throws SQLException {
    return read().start();
  }

  /** The schema's tables whose counter moved since the base, or that are gone. */
  private Set<String> changedTables(Map<String, Long> now) {
    Set<String> changed = new LinkedHashSet<>();
    for (Map.Entry<String, Long> table : now.entrySet()) {
      if (!table.getValue().equals(base.getOrDefault(table.getKey(), 0L))) {
        changed.add(table.getKey());
      }
    }
    for (String table : base.keySet()) {
      if (!now.containsKey(table)) {
        changed.add(table);
      }
    }
    changed.retainAll(tables);
    return changed;
  }

  private Io read() throws SQLException {
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(readingSql(copy, timer))) {
      return parse(rows, timer);
    }
  }

  static String readingSql(String schema, StatementTimer timer) {
    return MeasurementRow.sql(timer)
        + " UNION ALL "
        + TABLES_SQL
        + literal(schema)
        + " AND OBJECT_TYPE = 'TABLE'";
  }

  /** One reading: measurement (when asked for), open transactions, counters; nothing changed. */
  static Io parse(ResultSet rows, StatementTimer timer) throws SQLException {
    ServerCounters.Reading start = new ServerCounters.Reading(0);
    long open = 0;
    Map<String, Long> counters = new HashMap<>();
    while (rows.next()) {
      String table = rows.getString(1);
      if (table == null) {
        start = MeasurementRow.counters(rows, timer);
        open = MeasurementRow.openTransactions(rows);
      } else {
        counters.put(table, rows.getLong(2));
      }
    }
    return new Io(start, open, Map.copyOf(counters), Set.of());
  }
}
