package dev.dbit.internal;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.internal.binlog.CopyHistory;
import dev.dbit.internal.binlog.RowChangeLog;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.FactoryDataSource;
import dev.dbit.internal.jdbc.LockTablesGuard;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.reset.BetweenTests;
import dev.dbit.internal.reset.ChangeMarkers;
import dev.dbit.internal.reset.KeyTriggers;
import dev.dbit.internal.reset.ResetEngines;
import dev.dbit.internal.reset.SchemaRestorer;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.stall.StallGuard;
import dev.dbit.internal.template.AbandonedCopies;
import dev.dbit.internal.template.LiquibaseChangelog;
import dev.dbit.internal.template.MigrationFingerprint;
import dev.dbit.internal.template.SchemaCopier;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import dev.dbit.internal.template.TemplateBuilder;
import dev.dbit.internal.template.TemplateScripts;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/**
 * Wires one {@link DbitRun}: the control connection, the template, a worker copy of it, the pool
 * handed to tests behind dbit's listeners, the reset strategy, the round-trip baseline and the
 * server doctor.
 */
final class RunStarter {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** How long a reset waits for a lock before it closes the connection holding it. */
  static final int CONTROL_LOCK_WAIT_SECONDS = 3;

  /**
   * Resets delete in any order and never cascade; a leaked lock fails a reset, never hangs it;
   * dbit's own writes mark no table as changed.
   */
  private static final String CONTROL_SESSION =
      "SET SESSION foreign_key_checks = 0, innodb_lock_wait_timeout = "
          + CONTROL_LOCK_WAIT_SECONDS
          + ", lock_wait_timeout = "
          + CONTROL_LOCK_WAIT_SECONDS
          + ", "
          + ChangeMarkers.MARKERS_OFF
          + " = 1";

  /**
   * A test blocked on a lock fails after {@value #TEST_LOCK_WAIT_SECONDS} s instead of waiting for
   * the server default (a year for metadata locks). A {@code sessionVariables} in {@code
   * dbit.jdbc.params} replaces this.
   */
  static final int TEST_LOCK_WAIT_SECONDS = 60;

  private RunStarter() {}

  /** Builds or reuses the template, takes a worker copy and opens the pool. */
  static DbitRun start(DbitConfiguration config, DatabaseServer server, ClassLoader classLoader) {
    long start = System.nanoTime();
    ConnectionFactory connections = ConnectionFactory.of(server, Map.of(), config.timeouts());
    ControlConnection control = openControl(connections);
    try {
      return wire(config, server, classLoader, connections, control, start);
    } catch (SQLException | RuntimeException e) {
      control.close();
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

  private static DbitRun wire(
      DbitConfiguration config,
      DatabaseServer server,
      ClassLoader classLoader,
      ConnectionFactory connections,
      ControlConnection control,
      long start)
      throws SQLException {
    List<String> locations =
        TemplateScripts.locations(
            config.migrations(), config.scripts(), config.embeddedDir(), classLoader);
    List<String> fingerprinted = new ArrayList<>(locations);
    config
        .liquibaseChangelog()
        .ifPresent(
            changelog -> {
              LiquibaseChangelog.require(changelog, classLoader);
              fingerprinted.add(LiquibaseChangelog.fingerprintLocation(changelog));
            });
    String fingerprint =
        MigrationFingerprint.of(fingerprinted, classLoader, config.schemaCollation());
    TemplateBuilder.Template template =
        TemplateBuilder.ensure(
            control.get(),
            connections,
            locations,
            config.liquibaseChangelog(),
            fingerprint,
            config.schemaCollation(),
            classLoader);
    SchemaLayout layout = SchemaLayout.read(control.get(), template.schema());
    WorkerCopy worker = WorkerCopy.claim(control, fingerprint, server.description());
    dropAbandonedCopies(control.get(), template.fingerprint());
    SchemaRestorer restorer =
        new SchemaRestorer(control, template.schema(), worker.schema(), layout);
    // With large tables, dbit's own writes stay out of the binary log, which it may follow.
    boolean unlogged =
        !layout.largeTableKeys().isEmpty() && control.applyAlways("SET SESSION sql_log_bin = 0");
    boolean reused =
        prepareCopy(control, server, unlogged, template, layout, worker.schema(), restorer);
    if (!layout.largeTableKeys().isEmpty()) {
      // Logs why not when it cannot (no log, or sql_log_bin may not be set).
      RowChangeLog.watch(server, control.get(), worker.schema(), layout.largeTableKeys())
          .ifPresent(restorer::followChanges);
    }
    boolean mariaDb =
        control
            .get()
            .getMetaData()
            .getDatabaseProductVersion()
            .toLowerCase(Locale.ROOT)
            .contains("mariadb");
    ConnectionFactory poolConnections = connections.with(poolParams(config.jdbcParams(), mariaDb));
    HikariDataSource pool = pool(poolConnections, worker.schema(), config.poolSize());
    TestLifecycle.Watches watches = TestLifecycle.Watches.fresh();
    ServerCounters counters = ServerCounters.on(control.get());
    BetweenTests between =
        ResetEngines.forServer(
            control, restorer, layout, worker.schema(), counters, config.resetTriggers());
    Judging judging = judging(config, server, control, poolConnections, worker.schema(), counters);
    TestLifecycle lifecycle =
        new TestLifecycle(
            control,
            between,
            restorer,
            pool,
            watches,
            new LockJanitor(control, worker.schema()),
            config.resetAutoIncrement());
    DataSource unpooled =
        accounted(
            "dbit-extra", new FactoryDataSource(poolConnections, worker.schema()), watches, false);
    LOG.log(
        Level.INFO,
        readyLine(server, template, layout, worker.schema(), reused, judging, counters, between)
            + (System.nanoTime() - start) / 1_000_000
            + " ms"
            + largeTablesLine(layout, restorer, control.get(), template.schema()));
    return new DbitRun(
        new DbitRun.Parts(
            control,
            worker.lock(),
            pool,
            accounted("dbit", pool, watches, true),
            new SchemaHandle(poolConnections, worker.schema(), unpooled, lifecycle),
            lifecycle,
            template,
            layout,
            server.description(),
            judging.stallGuard(),
            judging.doctor(),
            config));
  }

  private static String readyLine(
      DatabaseServer server,
      TemplateBuilder.Template template,
      SchemaLayout layout,
      String copy,
      boolean reused,
      Judging judging,
      ServerCounters counters,
      BetweenTests between) {
    return String.format(
        "dbit: %s; template %s %s (%d tables, %d reference tables); test schema %s %s;"
            + " round trip %s; performance_schema %s; changed tables found by %s; ready in ",
        server.description(),
        template.schema(),
        template.reused() ? "reused" : "migrated",
        layout.tables().size(),
        layout.referenceTables().size(),
        copy,
        reused ? "reused" : "copied",
        judging.baseline().describe(),
        counters.performanceSchema() ? "on" : "off",
        between.describe());
  }

  /** How large reference tables are restored, when there are any. */
  private static String largeTablesLine(
      SchemaLayout layout, SchemaRestorer restorer, Connection control, String template)
      throws SQLException {
    List<String> keyless = layout.largeTablesWithoutKey(control, template);
    String reloaded =
        keyless.isEmpty()
            ? ""
            : "; large tables without a primary key, reloaded whole after a test changed them: "
                + String.join(", ", keyless);
    if (layout.largeTableKeys().isEmpty()) {
      return reloaded;
    }
    Set<String> followed = new TreeSet<>(restorer.followedTables());
    Set<String> keyed = new TreeSet<>(restorer.keyedTables());
    Set<String> compared = new TreeSet<>(layout.largeTableKeys().keySet());
    compared.removeAll(followed);
    compared.removeAll(keyed);
    String how =
        keyed.isEmpty()
            ? "(binary log): " + (followed.isEmpty() ? "none" : String.join(", ", followed))
            : "(keys kept by dbit's triggers): " + String.join(", ", keyed);
    return "; large tables restored by the rows tests changed "
        + how
        + (compared.isEmpty()
            ? ""
            : "; compared with the template in full: " + String.join(", ", compared))
        + reloaded;
  }

  /** What judges tests: a normal round trip, the server doctor, the stall guard. */
  private record Judging(RoundTripBaseline baseline, ServerDoctor doctor, StallGuard stallGuard) {}

  private static Judging judging(
      DbitConfiguration config,
      DatabaseServer server,
      ControlConnection control,
      ConnectionFactory poolConnections,
      String copy,
      ServerCounters counters)
      throws SQLException {
    RoundTripBaseline baseline =
        RoundTripBaseline.calibrate(poolConnections, copy, counters.performanceSchema());
    ServerDoctor doctor =
        ServerDoctor.examine(
            control.get(), poolConnections, copy, ServerSettings.read(control.get()), baseline);
    LOG.log(doctor.warnings().isEmpty() ? Level.INFO : Level.WARNING, doctor.describe());
    StallGuard stallGuard =
        new StallGuard(
            config.stall(),
            baseline,
            dev.dbit.internal.jdbc.Loopback.is(server.host()),
            poolConnections,
            config.jdbcParams(),
            copy);
    return new Judging(baseline, doctor, stallGuard);
  }

  /** Multi-statement mode lives on this connection only; tests never see it. */
  private static ControlConnection openControl(ConnectionFactory connections) {
    try {
      return ControlConnection.open(
          connections.with(Map.of("allowMultiQueries", "true")), CONTROL_SESSION);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "dbit: setting up the control connection failed: " + e.getMessage(), e);
    }
  }

  private static void dropAbandonedCopies(Connection control, String fingerprint)
      throws SQLException {
    List<String> abandoned = AbandonedCopies.drop(control, fingerprint);
    if (!abandoned.isEmpty()) {
      LOG.log(
          Level.INFO,
          "dbit: dropped test schemas that earlier runs with other migrations left behind: "
              + abandoned);
    }
  }

  static Map<String, String> poolParams(Map<String, String> userParams, boolean mariaDb) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("sessionVariables", "lock_wait_timeout=" + TEST_LOCK_WAIT_SECONDS);
    if (mariaDb) {
      // Connector/J's metadata from information_schema asks MySQL-only columns
      // (KEYWORDS.RESERVED); MariaDB fails it, and Hibernate then cannot pick a dialect.
      params.put("useInformationSchema", "false");
    }
    params.putAll(userParams);
    return params;
  }

  /** Reuses a ready copy of this template (restoring every table), or makes a fresh one. */
  private static boolean prepareCopy(
      ControlConnection controlConnection,
      DatabaseServer server,
      boolean unlogged,
      TemplateBuilder.Template template,
      SchemaLayout layout,
      String copy,
      SchemaRestorer restorer)
      throws SQLException {
    Connection control = controlConnection.get();
    Optional<SchemaOwnership.Marker> marker = SchemaOwnership.read(control, copy);
    boolean reusable =
        marker.isPresent()
            && marker.get().ready()
            && marker.get().kind() == SchemaOwnership.Kind.COPY
            && marker.get().fingerprint().equals(template.fingerprint());
    if (reusable && !SchemaLayout.tableNames(control, copy).equals(layout.tables())) {
      LOG.log(
          Level.INFO,
          "dbit: the copy "
              + copy
              + " left by an earlier run holds other tables than the template; dbit builds it"
              + " again from the template.");
      reusable = false;
    }
    if (reusable) {
      List<String> definers = SchemaCopier.foreignDefiners(control, copy);
      if (!definers.isEmpty()) {
        LOG.log(
            Level.INFO,
            "dbit: the copy "
                + copy
                + " left by an earlier run has triggers or views defined by "
                + String.join(", ", definers)
                + ", not by the user dbit connects as now; dbit builds it again from the"
                + " template.");
        reusable = false;
      }
    }
    if (reusable && unlogged && CopyHistory.untouchedSinceLastRun(server, control, copy)) {
      LOG.log(
          Level.INFO,
          "dbit: the binary log shows nothing touched "
              + copy
              + " since the last run left it clean; reused as it is");
      restorer.trustReusedCopy();
      return true;
    }
    Optional<KeyTriggers> keyed =
        reusable ? KeyTriggers.intact(controlConnection, copy, layout) : Optional.empty();
    if (keyed.isPresent()) {
      try {
        restorer.restoreByRecordedKeys(keyed.get());
        LOG.log(
            Level.INFO,
            "dbit: dbit's triggers recorded every row changed in the large tables of "
                + copy
                + " since it was last clean; restored by those rows");
        return true;
      } catch (SQLException e) {
        restorer.forgetKeys();
        LOG.log(
            Level.INFO,
            "dbit: restoring " + copy + " by its recorded keys failed (" + e.getMessage() + ")");
      }
    }
    if (reusable) {
      try {
        restorer.restoreEverything();
        return true;
      } catch (SQLException e) {
        LOG.log(
            Level.WARNING,
            "dbit: the copy "
                + copy
                + " left by an earlier run could not be restored ("
                + e.getMessage()
                + "); dbit builds it again from the template.");
      }
    }
    if (SchemaOwnership.schemaExists(control, copy)) {
      SchemaOwnership.dropOwned(control, copy);
    }
    SchemaCopier.copy(control, template.schema(), layout, copy, template.fingerprint());
    restorer.recordBaseline();
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
   * {@code target} behind the listeners dbit puts on what it hands out: JDBC clock and leak watch,
   * the statement watches, and (for the pool) the session-state watch.
   */
  static DataSource accounted(
      String name, DataSource target, TestLifecycle.Watches watches, boolean pooled) {
    ProxyDataSourceBuilder builder =
        ProxyDataSourceBuilder.create(name, target)
            .methodListener(watches.clock())
            .methodListener(watches.connectionLeaks())
            .methodListener(watches.rollbacks());
    if (pooled) {
      builder.listener(watches.sessionState());
    }
    return builder
        .listener(watches.schemaChanges())
        .listener(new LockTablesGuard(ChangeMarkers.MARKERS_OFF))
        .buildProxy();
  }

  /**
   * {@code target} behind fresh copies of the listeners dbit puts on the pool it hands out: the
   * benchmark's seam for measuring their cost per statement.
   */
  static DataSource withAccounting(DataSource target) {
    return accounted("dbit", target, TestLifecycle.Watches.fresh(), true);
  }
}
