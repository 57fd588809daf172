package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Two requests between tests on a server with performance_schema and no {@code userstat} (MySQL 8
 * by default, MariaDB started with it), whether the test wrote or not.
 *
 * <p>After a test, one statement reads the measurement (the server's {@code Questions} and
 * statement time, net of the control connection's own), the open transactions, and the test
 * schema's per-table row counters from {@code performance_schema.table_io_waits_summary_by_table}:
 * it ends the test and names the tables the test changed. Before the next test, a clean schema
 * costs one reading of the table counters alone (has any table changed since?); a dirty one costs
 * one request that cleans the changed tables and reads the table counters again. The next test's
 * measurement continues from the end reading: it is net of the control connection, so dbit's reset
 * does not move it.
 *
 * <p>Nothing is missed: on MySQL 8.0 and MariaDB 11.4 every row written through the storage engine
 * moves its table's counter (rolled-back, trigger and {@code LOCK TABLES} writes included, from any
 * connection); a cascade moves none, so a changed table also marks the reference tables its
 * cascading foreign keys reach. {@code TRUNCATE} and DDL move no counter: the statement watch on
 * dbit's connections reports them ({@link #distrust()}).
 */
public final class PerformanceSchemaReset implements BetweenTests {
  /** Rows written per table of a schema; its literal name and the type filter follow. */
  private static final String TABLES_SQL =
      "SELECT OBJECT_NAME, COUNT_INSERT + COUNT_UPDATE + COUNT_DELETE, 0, 0 FROM"
          + " performance_schema.table_io_waits_summary_by_table WHERE OBJECT_SCHEMA = ";

  private final Supplier<Connection> control;
  private final SchemaRestorer restorer;
  private final SchemaLayout layout;
  private final String copy;
  private String readingSql;
  private final String tablesSql;

  /** The per-table counters of the state the schema was last restored to. */
  private Map<String, Long> base;

  /** The table counters that ended the last test, when no reset has followed it yet. */
  private Map<String, Long> ended;

  /** The measurement counters that ended the last test, when no reset has followed it yet. */
  private ServerCounters.Reading endedCounters;

  private boolean distrusted;

  private PerformanceSchemaReset(
      Supplier<Connection> control, SchemaRestorer restorer, SchemaLayout layout, String copy) {
    this.control = control;
    this.restorer = restorer;
    this.layout = layout;
    this.copy = copy;
    this.tablesSql = TABLES_SQL + literal(copy) + " AND OBJECT_TYPE = 'TABLE'";
  }

  /**
   * The strategy, on a server with performance_schema on and table I/O instrumented; call on a
   * freshly restored copy.
   */
  public static Optional<PerformanceSchemaReset> ifAvailable(
      Supplier<Connection> control,
      SchemaRestorer restorer,
      SchemaLayout layout,
      String copy,
      ServerCounters counters)
      throws SQLException {
    if (!counters.performanceSchema() || !tableIoCounted(control.get())) {
      return Optional.empty();
    }
    PerformanceSchemaReset reset = new PerformanceSchemaReset(control, restorer, layout, copy);
    reset.controlReconnected();
    reset.base = reset.read().tables();
    reset.distrusted = false;
    return Optional.of(reset);
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
  public ServerCounters.Reading beforeTest() throws SQLException {
    if (distrusted) {
      distrusted = false;
      ended = null;
      endedCounters = null;
      restorer.resetProbingEverything();
      Snapshot now = read();
      base = now.tables();
      return now.counters();
    }
    // The measurement is net of the control connection, so it continues from the end reading
    // across dbit's own reset: the readings between tests need the table counters alone.
    ServerCounters.Reading start = endedCounters;
    Map<String, Long> end = ended;
    ended = null;
    endedCounters = null;
    if (start == null) {
      start = read().counters();
    }
    Set<String> dirty = end == null ? Set.of() : changedTables(end);
    if (dirty.isEmpty() && !restorer.countersToReset()) {
      // Nothing in the end reading; has anything written since? This reading starts the next test.
      Map<String, Long> now = readTables();
      dirty = changedTables(now);
      if (dirty.isEmpty()) {
        return start;
      }
      end = now;
    }
    // After a rollback the flagged tables may be as the template has them: ask them first.
    Optional<Set<String>> differing = restorer.differingAfterRollback(dirty);
    if (differing.isPresent()) {
      dirty = differing.get();
      if (dirty.isEmpty() && !restorer.countersToReset()) {
        base = end;
        return start;
      }
    }
    for (int pass = 1; pass <= SchemaRestorer.MAX_PASSES; pass++) {
      // The binary log's changed rows hold for the first pass; later ones compare in full.
      CleanupPlan plan = pass == 1 ? restorer.planAfterTest(dirty) : restorer.plan(dirty);
      Snapshot after = restorer.clean(plan, tablesSql, PerformanceSchemaReset::parse);
      Set<String> changedMeanwhile = new LinkedHashSet<>();
      for (Map.Entry<String, Long> table : after.tables().entrySet()) {
        if (!plan.tables().contains(table.getKey())
            && !table.getValue().equals(end.getOrDefault(table.getKey(), 0L))) {
          changedMeanwhile.add(table.getKey());
        }
      }
      changedMeanwhile.retainAll(layout.tables());
      if (plan.needsConfirmation()) {
        distrusted = true;
        return beforeTest();
      }
      if (changedMeanwhile.isEmpty()) {
        base = after.tables();
        return start;
      }
      // Another connection wrote while dbit reset: clean what it wrote, against the new state.
      Map<String, Long> restored = new HashMap<>(after.tables());
      for (String table : changedMeanwhile) {
        restored.put(table, base.getOrDefault(table, 0L));
      }
      base = restored;
      end = after.tables();
      dirty = layout.withCascades(changedMeanwhile);
    }
    throw SchemaRestorer.keptChanging();
  }

  @Override
  public AfterTest afterTest() throws SQLException {
    Snapshot end = read();
    ended = end.tables();
    endedCounters = end.counters();
    return new AfterTest(end.counters(), end.openTransactions() > 0);
  }

  @Override
  public ServerCounters.Reading peek() throws SQLException {
    return read().counters();
  }

  @Override
  public void distrust() {
    distrusted = true;
  }

  /** The reading names the control connection's thread: look it up again. */
  @Override
  public void controlReconnected() throws SQLException {
    long thread;
    try (Statement statement = control.get().createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT THREAD_ID FROM performance_schema.threads WHERE PROCESSLIST_ID ="
                    + " CONNECTION_ID()")) {
      rows.next();
      thread = rows.getLong(1);
    }
    readingSql = readingSql(copy, thread);
    distrusted = true;
  }

  /**
   * Tables whose counter moved since the last restore, with the reference tables cascades reach.
   */
  private Set<String> changedTables(Map<String, Long> now) {
    Set<String> changed = new LinkedHashSet<>();
    for (Map.Entry<String, Long> table : now.entrySet()) {
      if (!table.getValue().equals(base.getOrDefault(table.getKey(), 0L))) {
        changed.add(table.getKey());
      }
    }
    for (Map.Entry<String, Long> table : base.entrySet()) {
      if (!now.containsKey(table.getKey())) {
        changed.add(table.getKey());
      }
    }
    changed.retainAll(layout.tables());
    return layout.withCascades(changed);
  }

  /**
   * One reading.
   *
   * @param counters the measurement: net {@code Questions} and statement time
   * @param openTransactions transactions holding locks or changes, other than the reader's
   * @param tables rows written per table of the test schema, since the server started
   */
  record Snapshot(
      ServerCounters.Reading counters, long openTransactions, Map<String, Long> tables) {}

  private Map<String, Long> readTables() throws SQLException {
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(tablesSql)) {
      return parse(rows).tables();
    }
  }

  private Snapshot read() throws SQLException {
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(readingSql)) {
      return parse(rows);
    }
  }

  static String readingSql(String schema, long controlThread) {
    return "SELECT NULL, (SELECT VARIABLE_VALUE FROM performance_schema.global_status WHERE"
        + " VARIABLE_NAME = 'Questions') - (SELECT VARIABLE_VALUE FROM"
        + " performance_schema.session_status WHERE VARIABLE_NAME = 'Questions'), "
        + ServerCounters.statementTimeSql(controlThread)
        + ", "
        + OpenTransactions.COUNT_SQL
        + " UNION ALL "
        + TABLES_SQL
        + literal(schema)
        + " AND OBJECT_TYPE = 'TABLE'";
  }

  static Snapshot parse(ResultSet rows) throws SQLException {
    long questions = 0;
    long picos = 0;
    long open = 0;
    Map<String, Long> tables = new HashMap<>();
    while (rows.next()) {
      String table = rows.getString(1);
      if (table == null) {
        questions = rows.getLong(2);
        picos = rows.getLong(3);
        open = rows.getLong(4);
      } else {
        tables.put(table, rows.getLong(2));
      }
    }
    return new Snapshot(
        new ServerCounters.Reading(questions, OptionalLong.of(picos)), open, Map.copyOf(tables));
  }
}
