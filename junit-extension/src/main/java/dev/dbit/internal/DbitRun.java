package dev.dbit.internal;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.TestDatabase;
import dev.dbit.TestMetrics;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.FactoryDataSource;
import dev.dbit.internal.jdbc.ServerLock;
import dev.dbit.internal.jdbc.ServerLost;
import dev.dbit.internal.jdbc.StatementWatch;
import dev.dbit.internal.measure.ConnectionLeakWatch;
import dev.dbit.internal.measure.JdbcClock;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.measure.TestMeasurement;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.reset.BetweenTests;
import dev.dbit.internal.reset.CounterGateReset;
import dev.dbit.internal.reset.DatabaseResetter;
import dev.dbit.internal.reset.StatisticsReset;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.stall.StallGuard;
import dev.dbit.internal.template.AbandonedCopies;
import dev.dbit.internal.template.MigrationFingerprint;
import dev.dbit.internal.template.SchemaCopier;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import dev.dbit.internal.template.TemplateBuilder;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/**
 * Everything one test run needs on one server: the control connection, the template, this worker's
 * copy of it, the pool handed to tests, and reset timings.
 */
public final class DbitRun implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final int MAX_WORKERS = 64;

  private final ControlConnection control;
  private final ServerLock workerLock;
  private final HikariDataSource pool;
  private final TestDatabase database;
  private final BetweenTests between;
  private final DatabaseResetter resetter;
  private final boolean resetAutoIncrementAlways;
  private final StatementWatch schemaChanges;
  private final ConnectionLeakWatch connectionLeaks;
  private final TemplateBuilder.Template template;
  private final String copy;
  private final SchemaLayout layout;
  private final String serverDescription;
  private final DataSource proxiedPool;
  private final JdbcClock clock;
  private final StatementWatch sessionState;
  private final StallGuard stallGuard;
  private final ServerSettings serverSettings;
  private final ServerDoctor doctor;
  private TestMeasurement current;

  /** The test that ended last, for naming it when it left a lock behind. */
  private String previousTest = "no test";

  /** Set once the server could not be reached again: later tests fail at once. */
  private ServerLost lost;

  private final List<Double> resetMillis = new ArrayList<>();

  private DbitRun(
      ControlConnection control,
      ServerLock workerLock,
      HikariDataSource pool,
      ConnectionFactory poolConnections,
      DataSource unpooled,
      StatementWatch sessionState,
      StatementWatch schemaChanges,
      ConnectionLeakWatch connectionLeaks,
      BetweenTests between,
      DatabaseResetter resetter,
      boolean resetAutoIncrementAlways,
      TemplateBuilder.Template template,
      String copy,
      SchemaLayout layout,
      String serverDescription,
      DataSource proxiedPool,
      JdbcClock clock,
      StallGuard stallGuard,
      ServerDoctor doctor) {
    this.serverSettings = doctor.settings();
    this.doctor = doctor;
    this.serverDescription = serverDescription;
    this.proxiedPool = proxiedPool;
    this.clock = clock;
    this.stallGuard = stallGuard;
    this.control = control;
    this.workerLock = workerLock;
    this.pool = pool;
    this.database = new Schema(poolConnections, copy, unpooled, this);
    this.sessionState = sessionState;
    this.between = between;
    this.resetter = resetter;
    this.resetAutoIncrementAlways = resetAutoIncrementAlways;
    this.schemaChanges = schemaChanges;
    this.connectionLeaks = connectionLeaks;
    this.template = template;
    this.copy = copy;
    this.layout = layout;
  }

  /** Builds or reuses the template, takes a worker copy and opens the pool. */
  public static DbitRun start(
      DbitConfiguration config, DatabaseServer server, ClassLoader classLoader) {
    long start = System.nanoTime();
    ConnectionFactory connections = ConnectionFactory.of(server, Map.of(), config.timeouts());
    // Multi-statement mode lives on this connection only; tests never see it.
    ControlConnection controlConnection;
    try {
      controlConnection =
          ControlConnection.open(
              connections.with(Map.of("allowMultiQueries", "true")), CONTROL_SESSION);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "dbit: setting up the control connection failed: " + e.getMessage(), e);
    }
    Connection control = controlConnection.get();
    try {
      String fingerprint = MigrationFingerprint.of(config.migrations(), classLoader);
      TemplateBuilder.Template template =
          TemplateBuilder.ensure(
              control, connections, config.migrations(), fingerprint, classLoader);
      SchemaLayout layout = SchemaLayout.read(control, template.schema());
      ServerLock workerLock = null;
      String copy = null;
      for (int worker = 1; worker <= MAX_WORKERS && workerLock == null; worker++) {
        copy = SchemaCopier.copyNamePrefix(fingerprint) + worker;
        workerLock = ServerLock.tryAcquire(control, copy, 0).orElse(null);
      }
      if (workerLock == null) {
        throw new IllegalStateException(
            "dbit: "
                + MAX_WORKERS
                + " test schemas on "
                + server.description()
                + " are in use by other runs. Wait for them or use another server.");
      }
      controlConnection.held(copy);
      List<String> abandoned = AbandonedCopies.drop(control, template.fingerprint());
      if (!abandoned.isEmpty()) {
        LOG.log(
            Level.INFO,
            "dbit: dropped test schemas that earlier runs with other migrations left behind: "
                + abandoned);
      }
      DatabaseResetter resetter =
          new DatabaseResetter(controlConnection, template.schema(), copy, layout);
      boolean reused = prepareCopy(control, template, layout, copy, resetter);
      ConnectionFactory poolConnections = connections.with(poolParams(config.jdbcParams()));
      HikariDataSource pool = pool(poolConnections, copy, config.poolSize());
      JdbcClock clock = new JdbcClock();
      StatementWatch sessionState = StatementWatch.sessionState();
      StatementWatch schemaChanges = StatementWatch.uncountedChanges();
      ConnectionLeakWatch connectionLeaks = new ConnectionLeakWatch();
      DataSource proxiedPool = accounted(pool, clock, connectionLeaks, sessionState, schemaChanges);
      DataSource unpooled =
          ProxyDataSourceBuilder.create("dbit-extra", new FactoryDataSource(poolConnections, copy))
              .methodListener(clock)
              .methodListener(connectionLeaks)
              .listener(schemaChanges)
              .buildProxy();
      ServerCounters counters = ServerCounters.on(control);
      BetweenTests between =
          StatisticsReset.ifAvailable(controlConnection, resetter, layout, copy)
              .map(BetweenTests.class::cast)
              .orElseGet(() -> new CounterGateReset(controlConnection, resetter, counters));
      RoundTripBaseline baseline =
          RoundTripBaseline.calibrate(poolConnections, copy, counters.performanceSchema());
      ServerDoctor doctor =
          ServerDoctor.examine(
              control, poolConnections, copy, ServerSettings.read(control), baseline);
      LOG.log(doctor.warnings().isEmpty() ? Level.INFO : Level.WARNING, doctor.describe());
      StallGuard stallGuard =
          new StallGuard(
              config.stall(),
              baseline,
              isLoopback(server.host()),
              poolConnections,
              config.jdbcParams(),
              copy);
      LOG.log(
          Level.INFO,
          String.format(
              "dbit: %s; template %s %s (%d tables, %d reference tables); test schema %s %s;"
                  + " round trip %s; performance_schema %s; changed tables found by %s;"
                  + " ready in %d ms",
              server.description(),
              template.schema(),
              template.reused() ? "reused" : "migrated",
              layout.tables().size(),
              layout.referenceTables().size(),
              copy,
              reused ? "reused" : "copied",
              baseline.describe(),
              counters.performanceSchema() ? "on" : "off",
              between.describe(),
              (System.nanoTime() - start) / 1_000_000));
      return new DbitRun(
          controlConnection,
          workerLock,
          pool,
          poolConnections,
          unpooled,
          sessionState,
          schemaChanges,
          connectionLeaks,
          between,
          resetter,
          config.resetAutoIncrement(),
          template,
          copy,
          layout,
          server.description(),
          proxiedPool,
          clock,
          stallGuard,
          doctor);
    } catch (SQLException | RuntimeException e) {
      controlConnection.close();
      if (e instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(
          "dbit: preparing the test database on "
              + server.description()
              + " failed: "
              + e.getMessage(),
          e);
    }
  }

  /**
   * A test blocked on a lock fails after {@value #TEST_LOCK_WAIT_SECONDS} s instead of waiting for
   * the server default (a year for metadata locks). A {@code sessionVariables} in {@code
   * dbit.jdbc.params} replaces this.
   */
  static final int TEST_LOCK_WAIT_SECONDS = 60;

  static Map<String, String> poolParams(Map<String, String> userParams) {
    Map<String, String> params = new java.util.LinkedHashMap<>();
    params.put("sessionVariables", "lock_wait_timeout=" + TEST_LOCK_WAIT_SECONDS);
    params.putAll(userParams);
    return params;
  }

  /** Resets delete in any order and never cascade; a leaked lock fails a reset, never hangs it. */
  private static final String CONTROL_SESSION =
      "SET SESSION foreign_key_checks = 0, innodb_lock_wait_timeout = "
          + DbitRun.CONTROL_LOCK_WAIT_SECONDS
          + ", lock_wait_timeout = "
          + DbitRun.CONTROL_LOCK_WAIT_SECONDS;

  /** How long a reset waits for a lock before it closes the connection holding it. */
  static final int CONTROL_LOCK_WAIT_SECONDS = 3;

  private static boolean prepareCopy(
      Connection control,
      TemplateBuilder.Template template,
      SchemaLayout layout,
      String copy,
      DatabaseResetter resetter)
      throws SQLException {
    Optional<SchemaOwnership.Marker> marker = SchemaOwnership.read(control, copy);
    boolean reusable =
        marker.isPresent()
            && marker.get().ready()
            && marker.get().kind() == SchemaOwnership.Kind.COPY
            && marker.get().fingerprint().equals(template.fingerprint());
    if (reusable) {
      resetter.restoreEverything();
      return true;
    }
    if (SchemaOwnership.schemaExists(control, copy)) {
      SchemaOwnership.dropOwned(control, copy);
    }
    SchemaCopier.copy(control, template.schema(), layout, copy, template.fingerprint());
    resetter.recordBaseline();
    return false;
  }

  private static HikariDataSource pool(ConnectionFactory connections, String schema, int size) {
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName("dbit-" + schema);
    // Connections come from the factory, which bounds their handshake and every later read.
    hikari.setDataSource(new FactoryDataSource(connections, schema));
    hikari.setMaximumPoolSize(size);
    hikari.setMinimumIdle(1);
    hikari.setConnectionTimeout(10_000);
    return new HikariDataSource(hikari);
  }

  /**
   * Restores the test schema and starts measuring the next test; call on the test's thread.
   *
   * @return how long the reset took, in milliseconds
   */
  public double beginTest() throws SQLException {
    return beginTest(false);
  }

  /**
   * Like {@link #beginTest()}; {@code resetAutoIncrement} also resets the {@code AUTO_INCREMENT}
   * counters of tables written since they were last reset ({@code dbit.reset.auto-increment} does
   * that for every test).
   */
  public double beginTest(boolean resetAutoIncrement) throws SQLException {
    if (lost != null) {
      throw lost.again();
    }
    long start = System.nanoTime();
    resetter.resetAutoIncrement(resetAutoIncrement || resetAutoIncrementAlways);
    if (sessionState.takeSeen()) {
      // Session variables, temporary tables or locks may sit on pooled connections: replace them.
      pool.getHikariPoolMXBean().softEvictConnections();
    }
    if (schemaChanges.takeSeen()) {
      between.distrust();
    }
    ServerCounters.Reading reading;
    try {
      reading = between.beforeTest();
    } catch (SQLException e) {
      if (e.getErrorCode() == LOCK_WAIT_TIMEOUT) {
        clearLockHolders();
      } else if (!recovered(e)) {
        throw e;
      }
      reading = between.beforeTest();
    }
    double millis = (System.nanoTime() - start) / 1e6;
    resetMillis.add(millis);
    connectionLeaks.startTest();
    current = TestMeasurement.start(reading, clock);
    return millis;
  }

  /** {@code target} behind the listeners dbit puts on the pool it hands out. */
  private static DataSource accounted(
      DataSource target,
      JdbcClock clock,
      ConnectionLeakWatch connectionLeaks,
      StatementWatch sessionState,
      StatementWatch schemaChanges) {
    return ProxyDataSourceBuilder.create("dbit", target)
        .methodListener(clock)
        .methodListener(connectionLeaks)
        .listener(sessionState)
        .listener(schemaChanges)
        .buildProxy();
  }

  /**
   * {@code target} behind fresh copies of the listeners dbit puts on the pool it hands out: what
   * the benchmark uses to measure their cost per statement.
   */
  public static DataSource withAccounting(DataSource target) {
    return accounted(
        target,
        new JdbcClock(),
        new ConnectionLeakWatch(),
        StatementWatch.sessionState(),
        StatementWatch.uncountedChanges());
  }

  public DataSource dataSource() {
    return proxiedPool;
  }

  /**
   * What one test did and left behind.
   *
   * @param metrics its measurement
   * @param leaks one line per connection dbit had to close because the test left it holding locks
   */
  public record EndOfTest(TestMetrics metrics, List<String> leaks) {}

  /** True between {@link #beginTest()} and {@link #endTest()}; false when the reset failed. */
  public boolean measuring() {
    return current != null;
  }

  /** Ends the current test's measurement and closes what it leaked; call on the test's thread. */
  public EndOfTest endTest() throws SQLException {
    return endTest("an unnamed test");
  }

  /**
   * Like {@link #endTest()}; {@code testName} names the test in a later warning about a lock it
   * left behind.
   */
  public EndOfTest endTest(String testName) throws SQLException {
    previousTest = testName;
    TestMeasurement measurement = current;
    current = null;
    if (measurement == null) {
      throw new IllegalStateException("dbit: endTest() without beginTest()");
    }
    // MariaDB adds a request to its user statistics just after replying to it: a reading taken at
    // once can miss the test's last request. Give the server a moment first.
    settle(clock.lastReturn());
    BetweenTests.AfterTest after;
    try {
      after = between.afterTest();
    } catch (SQLException e) {
      if (!recovered(e)) {
        throw e;
      }
      after = between.afterTest();
    }
    TestMetrics metrics =
        caughtUp(
            measurement, measurement.until(after.counters()), () -> between.afterTest().counters());
    ConnectionLeakWatch.Closed closed = connectionLeaks.closeLeaked();
    List<String> leaks = new ArrayList<>(closed.lines());
    if (after.openTransactions()) {
      leaks.addAll(closeLeakedTransactions(closed.serverThreads()));
    }
    return new EndOfTest(metrics, leaks);
  }

  /** How long dbit waits at most for the server to count a test's last requests. */
  private static final long CATCH_UP_NANOS = 2_000_000_000L;

  /** A reading of the server's counters that may fail. */
  private interface CounterRead {
    ServerCounters.Reading read() throws SQLException;
  }

  /**
   * The server cannot have seen fewer statements than dbit handed it: while it shows fewer, it has
   * not yet counted the last requests (MariaDB adds a request to its statistics just after
   * replying, later still on a busy machine). Reads again, with growing pauses, until it has or
   * {@value #CATCH_UP_NANOS} ns have passed; the client's clocks stay those of the first reading.
   */
  private static TestMetrics caughtUp(
      TestMeasurement measurement, TestMetrics first, CounterRead read) throws SQLException {
    TestMetrics metrics = first;
    long deadline = System.nanoTime() + CATCH_UP_NANOS;
    long pause = SETTLE_NANOS;
    while (metrics.questions().isPresent()
        && metrics.questions().getAsLong() < metrics.statements()
        && System.nanoTime() < deadline) {
      java.util.concurrent.locks.LockSupport.parkNanos(pause);
      pause = Math.min(pause * 2, 50_000_000L);
      TestMetrics later = measurement.until(read.read());
      metrics =
          new TestMetrics(
              first.wallMillis(),
              first.cpuMillis(),
              first.statements(),
              first.jdbcMillis(),
              later.serverSqlMillis(),
              later.questions());
    }
    return metrics;
  }

  /** How long after the test's last JDBC call the end reading waits at least. */
  private static final long SETTLE_NANOS = 200_000;

  /** Waits until {@value #SETTLE_NANOS} ns have passed since {@code since} (a nanoTime). */
  private static void settle(long since) {
    long quiet = System.nanoTime() - since;
    if (quiet < SETTLE_NANOS) {
      java.util.concurrent.locks.LockSupport.parkNanos(SETTLE_NANOS - quiet);
    }
  }

  /** MySQL and MariaDB error 1205, for row locks and (MariaDB) metadata locks alike. */
  private static final int LOCK_WAIT_TIMEOUT = 1205;

  /**
   * The reset waited {@value #CONTROL_LOCK_WAIT_SECONDS} s for a lock some connection dbit does not
   * track still holds (one opened with DriverManager, say): close every other connection to the
   * test schema and restore it the safe way.
   */
  private void clearLockHolders() throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      statement.execute("ROLLBACK");
    }
    between.distrust();
    List<Long> idle = new ArrayList<>();
    try (java.sql.PreparedStatement query =
        control
            .get()
            .prepareStatement(
                "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <>"
                    + " CONNECTION_ID() AND COMMAND = 'Sleep'")) {
      query.setString(1, copy);
      try (java.sql.ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          idle.add(rows.getLong(1));
        }
      }
    }
    kill(idle);
    // Idle pooled connections were among those killed: replace them all.
    pool.getHikariPoolMXBean().softEvictConnections();
    LOG.log(
        Level.WARNING,
        "dbit: the reset of "
            + copy
            + " waited "
            + CONTROL_LOCK_WAIT_SECONDS
            + " s for a lock held by a connection left open by the previous test ("
            + previousTest
            + "); dbit closed the idle connections to the test schema "
            + idle
            + " and restored every table. Close every connection a test opens"
            + " (try-with-resources).");
  }

  /** Reconnects a lost control connection; the next reset then trusts no counter. */
  private boolean recovered(SQLException failure) throws SQLException {
    try {
      if (!control.recoverIfLost(failure)) {
        return false;
      }
    } catch (ServerLost e) {
      lost = e;
      throw e;
    }
    between.controlReconnected();
    return true;
  }

  /**
   * Closes connections to the test schema that a test left with an open transaction holding locks
   * or changes, so the next reset cannot hang on them.
   *
   * @param rolledBack connections dbit has just closed with a rollback: the server's list can still
   *     show their transactions for a moment (MariaDB refreshes it at most every 100 ms)
   * @return one line per connection closed, empty when the test left nothing open
   */
  private List<String> closeLeakedTransactions(java.util.Set<Long> rolledBack) throws SQLException {
    List<String> leaks = new ArrayList<>();
    List<Long> threads = new ArrayList<>();
    try (java.sql.PreparedStatement query =
        control
            .get()
            .prepareStatement(
                "SELECT p.ID, t.trx_rows_modified, t.trx_rows_locked, t.trx_tables_locked,"
                    + " t.trx_started FROM information_schema.INNODB_TRX t JOIN"
                    + " information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id WHERE p.DB"
                    + " = ? AND p.ID <> CONNECTION_ID() AND (t.trx_rows_modified > 0 OR"
                    + " t.trx_rows_locked > 0 OR t.trx_tables_locked > 0)")) {
      query.setString(1, copy);
      try (java.sql.ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          if (rolledBack.contains(rows.getLong(1))) {
            continue;
          }
          threads.add(rows.getLong(1));
          leaks.add(
              String.format(
                  "connection %d with a transaction open since %s (%d rows changed, %d rows locked)",
                  rows.getLong(1), rows.getString(5), rows.getLong(2), rows.getLong(3)));
        }
      }
    }
    kill(threads);
    return leaks;
  }

  private void kill(List<Long> threads) throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      for (long thread : threads) {
        try {
          statement.execute("KILL CONNECTION " + thread);
        } catch (SQLException e) {
          // It ended by itself meanwhile.
        }
      }
    }
  }

  /** The running test's metrics so far; fails outside a test. */
  public TestMetrics metricsSoFar() throws SQLException {
    TestMeasurement measurement = current;
    if (measurement == null) {
      throw new IllegalStateException(
          "dbit: TestDatabase.metrics() measures the running test; call it inside one");
    }
    return caughtUp(measurement, measurement.until(between.peek()), between::peek);
  }

  public ServerSettings serverSettings() {
    return serverSettings;
  }

  public ServerDoctor doctor() {
    return doctor;
  }

  /** Judges a finished test's metrics. */
  public StallGuard.Assessment assess(TestMetrics metrics) {
    return stallGuard.assess(metrics);
  }

  public StallGuard stallGuard() {
    return stallGuard;
  }

  private static boolean isLoopback(String host) {
    try {
      return java.net.InetAddress.getByName(host).isLoopbackAddress();
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }

  public TestDatabase database() {
    return database;
  }

  public SchemaLayout layout() {
    return layout;
  }

  public String serverDescription() {
    return serverDescription;
  }

  public String templateSchema() {
    return template.schema();
  }

  public boolean templateReused() {
    return template.reused();
  }

  public String testSchema() {
    return copy;
  }

  /** Reset durations so far, in milliseconds. */
  public Percentiles resetTimes() {
    return Percentiles.of(resetMillis);
  }

  @Override
  public void close() {
    if (!resetMillis.isEmpty()) {
      LOG.log(
          Level.INFO,
          "dbit: reset before each test on " + copy + ": " + resetTimes().describeMillis());
    }
    pool.close();
    try {
      workerLock.close();
    } catch (SQLException e) {
      LOG.log(
          Level.DEBUG,
          "dbit: releasing the worker lock failed; closing the connection releases it",
          e);
    }
    control.close();
  }

  /** The {@link TestDatabase} handed to tests; its extra connections are measured too. */
  private record Schema(
      ConnectionFactory connections, String schemaName, DataSource unpooled, DbitRun run)
      implements TestDatabase {
    @Override
    public TestMetrics metrics() throws SQLException {
      return run.metricsSoFar();
    }

    @Override
    public String jdbcUrl() {
      return connections.url(schemaName);
    }

    @Override
    public Connection openConnection() throws SQLException {
      return unpooled.getConnection();
    }
  }
}
