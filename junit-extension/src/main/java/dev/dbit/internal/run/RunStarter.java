package dev.dbit.internal.run;

import com.zaxxer.hikari.HikariConfig;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.ReachParams;
import dev.dbit.internal.doctor.ServerDoctor;
import dev.dbit.internal.doctor.ServerSettings;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.FactoryDataSource;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.measure.TestConnections;
import dev.dbit.internal.reset.ChangeMarkers;
import dev.dbit.internal.reset.ResetEngine;
import dev.dbit.internal.reset.ResetEngines;
import dev.dbit.internal.reset.SchemaRestorer;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.Loopback;
import dev.dbit.internal.stall.StallGuard;
import dev.dbit.internal.template.LiquibaseChangelog;
import dev.dbit.internal.template.MigrationFingerprint;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.TemplateBuilder;
import dev.dbit.internal.template.TemplateScripts;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Wires one {@link WorkerRun}: the control connection, the template, a worker copy of it, the pool
 * handed to tests behind dbit's listeners, the reset strategy, the round-trip baseline and the
 * server doctor.
 */
public final class RunStarter {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /**
   * Resets delete in any order and never cascade; a leaked lock fails a reset, never hangs it;
   * dbit's own writes mark no table as changed.
   */
  private static final String CONTROL_SESSION =
      "SET SESSION foreign_key_checks = 0, innodb_lock_wait_timeout = "
          + LockJanitor.LOCK_WAIT_SECONDS
          + ", lock_wait_timeout = "
          + LockJanitor.LOCK_WAIT_SECONDS
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
  public static WorkerRun start(
      DbitConfiguration config, DatabaseServer server, ClassLoader classLoader) {
    long start = System.nanoTime();
    ConnectionFactory connections =
        ConnectionFactory.of(server, ReachParams.of(config.jdbcParams()), config.timeouts());
    ControlConnection control = openControl(connections);
    try {
      // Every step of the start can run again: a template without its ready mark is built again,
      // a copy is checked before it is reused.
      for (int attempt = 1; ; attempt++) {
        try {
          return wire(config, server, classLoader, connections, control, start);
        } catch (SQLException | RuntimeException e) {
          if (attempt > LostConnections.REPEATS || !control.recoverIfLostIn(e)) {
            throw e;
          }
        }
      }
    } catch (SQLException | RuntimeException e) {
      control.close();
      if (e instanceof SQLException refused) {
        throw new IllegalStateException(StartFailure.explain(server.description(), refused), e);
      }
      throw (RuntimeException) e;
    }
  }

  private static WorkerRun wire(
      DbitConfiguration config,
      DatabaseServer server,
      ClassLoader classLoader,
      ConnectionFactory connections,
      ControlConnection control,
      long start)
      throws SQLException {
    TemplateBuilder.Template template = template(config, classLoader, connections, control);
    SchemaLayout layout = TemplateBuilder.layout(control.get(), server.description(), template);
    WorkerCopy worker = WorkerCopy.claim(control, template.fingerprint(), server.description());
    CopyAtStart.dropAbandoned(control.get(), template.fingerprint());
    SchemaRestorer restorer =
        new SchemaRestorer(control, template.schema(), worker.schema(), layout);
    // dbit's own writes stay out of the binary log, which it follows where the server writes one.
    boolean unlogged = control.applyAlways("SET SESSION sql_log_bin = 0");
    boolean reused =
        CopyAtStart.prepare(control, server, unlogged, template, layout, worker.schema(), restorer);
    return assemble(
        config, server, connections, control, start, template, layout, worker, restorer, reused);
  }

  /** The pool, the reset engine and the judges on a prepared copy, and the run they make. */
  private static WorkerRun assemble(
      DbitConfiguration config,
      DatabaseServer server,
      ConnectionFactory connections,
      ControlConnection control,
      long start,
      TemplateBuilder.Template template,
      SchemaLayout layout,
      WorkerCopy worker,
      SchemaRestorer prepared,
      boolean reused)
      throws SQLException {
    ServerSettings settings = ServerSettings.read(control.get());
    ConnectionFactory poolConnections =
        connections.with(poolParams(config.jdbcParams(), settings.version().contains("MariaDB")));
    boolean timed = ServerCounters.performanceSchemaOn(control.get());
    TestConnections testConnections = new TestConnections(timed);
    LivePool pool = pool(poolConnections, worker.schema(), config.poolSize(), testConnections);
    Watches watches = Watches.fresh(testConnections);
    ServerCounters counters = ServerCounters.of(timed, testConnections);
    ResetEngine<?> engine =
        ResetEngines.forServer(
            server, control, prepared, layout, worker.schema(), counters, config.resetTriggers());
    Judging judging =
        judging(config, server, settings, control, poolConnections, worker.schema(), counters);
    TestLifecycle lifecycle =
        new TestLifecycle(
            control,
            worker.lock(),
            engine,
            prepared,
            pool,
            watches,
            new LockJanitor(control, worker.schema(), pool),
            Accounting.SHAPE_VALUES_COUNTED);
    // Connections for TestDatabase.openConnection(): the pool's settings, timed too.
    DataSource unpooled =
        new FactoryDataSource(poolConnections, worker.schema(), testConnections::opened);
    LOG.log(
        Level.INFO,
        ReadyLine.of(server, template, layout, worker.schema(), reused, judging.baseline())
            + ReadyLine.resets(counters, engine, start)
            + ReadyLine.largeTables(layout, prepared, control.get(), template.schema())
            + ReadyLine.cascades(layout, prepared.rowSource()));
    return new WorkerRun(
        config,
        server.description(),
        template,
        layout,
        lifecycle,
        new SchemaHandle(
            poolConnections,
            worker.schema(),
            Accounting.accounted("dbit-extra", unpooled, watches, false),
            lifecycle),
        Accounting.accounted("dbit", pool, watches, true),
        judging.stallGuard(),
        judging.doctor(),
        new TestBoundary());
  }

  /** Builds the template from the configured migrations, or reuses the one they built before. */
  private static TemplateBuilder.Template template(
      DbitConfiguration config,
      ClassLoader classLoader,
      ConnectionFactory connections,
      ControlConnection control)
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
    return TemplateBuilder.ensure(
        control.get(),
        connections,
        locations,
        config.liquibaseChangelog(),
        fingerprint,
        config.schemaCollation(),
        classLoader);
  }

  /** What judges tests: a normal round trip, the server doctor, the stall guard. */
  private record Judging(RoundTripBaseline baseline, ServerDoctor doctor, StallGuard stallGuard) {}

  private static Judging judging(
      DbitConfiguration config,
      DatabaseServer server,
      ServerSettings settings,
      ControlConnection control,
      ConnectionFactory poolConnections,
      String copy,
      ServerCounters counters)
      throws SQLException {
    RoundTripBaseline baseline =
        RoundTripBaseline.calibrate(
            poolConnections, copy, counters.performanceSchema(), Loopback.is(server.host()));
    ServerDoctor doctor =
        ServerDoctor.examine(control.get(), poolConnections, copy, settings, baseline);
    LOG.log(doctor.warnings().isEmpty() ? Level.INFO : Level.WARNING, doctor.describe());
    StallGuard stallGuard =
        new StallGuard(config.stall(), baseline, poolConnections, config.jdbcParams(), copy);
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

  private static LivePool pool(
      ConnectionFactory connections, String schema, int size, TestConnections testConnections) {
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName("dbit-" + schema);
    // Connections come from the factory, which bounds their handshake and every later read.
    hikari.setDataSource(new FactoryDataSource(connections, schema, testConnections::opened));
    hikari.setMaximumPoolSize(size);
    hikari.setMinimumIdle(1);
    hikari.setConnectionTimeout(10_000);
    return new LivePool(hikari, testConnections);
  }
}
