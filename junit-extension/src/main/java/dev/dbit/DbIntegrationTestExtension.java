package dev.dbit;

import dev.dbit.internal.DbitRun;
import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.EmbeddedEngine;
import dev.dbit.internal.config.StallSettings;
import dev.dbit.internal.report.SurefireLine;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.ServerChoice;
import dev.dbit.internal.server.ServerProvisioner;
import dev.dbit.internal.stall.StallGuard;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.StoreScope;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link DbIntegrationTest}; not public API.
 *
 * <p>The server lives in the launcher session's store (one per JVM), the runs (template, copy,
 * control connection, pool) in the execution request's store ({@link Workers}), and each test class
 * holds one run while it executes; JUnit closes all of them.
 */
final class DbIntegrationTestExtension
    implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final Namespace NAMESPACE = Namespace.create(DbIntegrationTestExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    DbitRun run = run(context);
    context.publishReportEntry(
        java.util.Map.of(
            ReportKeys.SERVER, run.serverDescription(),
            ReportKeys.TEMPLATE, run.templateSchema(),
            ReportKeys.TEMPLATE_REUSED, Boolean.toString(run.templateReused()),
            ReportKeys.TEST_SCHEMA, run.testSchema(),
            ReportKeys.SERVER_VERSION, run.serverSettings().version(),
            ReportKeys.SERVER_SETTINGS, run.serverSettings().describe(),
            ReportKeys.SERVER_WARNINGS, run.doctor().warningsLine()));
  }

  @Override
  public void beforeEach(ExtensionContext context) throws SQLException {
    refuseConcurrentMethods(context);
    String resetMillis =
        millis(run(context).beginTest(resetsAutoIncrement(context.getRequiredTestClass())));
    context.getStore(NAMESPACE).put(ReportKeys.RESET_MS, resetMillis);
    context.publishReportEntry(ReportKeys.RESET_MS, resetMillis);
  }

  private static final String PARALLEL_ENABLED = "junit.jupiter.execution.parallel.enabled";

  /**
   * The tests of one class share its test schema, so they cannot run at the same time; classes can,
   * each with a schema of its own.
   */
  private static void refuseConcurrentMethods(ExtensionContext context) {
    boolean parallel =
        context
            .getConfigurationParameter(PARALLEL_ENABLED)
            .map(v -> v.trim().equalsIgnoreCase("true"))
            .orElse(false);
    if (parallel && context.getExecutionMode() == ExecutionMode.CONCURRENT) {
      throw new ExtensionConfigurationException(
          "dbit: the tests of "
              + context.getRequiredTestClass().getName()
              + " run concurrently with each other, but they share one test schema and would see"
              + " each other's rows. Run classes in parallel, not the methods of one class: set"
              + " junit.jupiter.execution.parallel.mode.default=same_thread and"
              + " junit.jupiter.execution.parallel.mode.classes.default=concurrent, or annotate"
              + " the class with @Execution(ExecutionMode.SAME_THREAD). dbit gives every class"
              + " running at the same time a schema of its own.");
    }
  }

  /** Whether the test's class, or a class it is nested in, asks for AUTO_INCREMENT resets. */
  private static boolean resetsAutoIncrement(Class<?> testClass) {
    for (Class<?> type = testClass; type != null; type = type.getEnclosingClass()) {
      Optional<DbIntegrationTest> annotation =
          AnnotationSupport.findAnnotation(type, DbIntegrationTest.class);
      if (annotation.isPresent()) {
        return annotation.get().resetAutoIncrement();
      }
    }
    return false;
  }

  /**
   * Ends the measurement, which spans the test's own {@code @BeforeEach} and {@code @AfterEach}
   * methods and the test method; judges it; and fails the test on a leak (a transaction or a {@code
   * LOCK TABLES} still held: dbit closed that connection so that the next test can start), a
   * statement budget exceeded, or a transport stall in fail mode. A failure of the test itself
   * comes first; JUnit adds these to it as suppressed.
   */
  @Override
  public void afterEach(ExtensionContext context) throws SQLException {
    DbitRun run = run(context);
    if (!run.measuring()) {
      // The reset before this test failed; that failure is the test's.
      return;
    }
    DbitRun.EndOfTest end =
        run.endTest(
            context.getRequiredTestClass().getSimpleName() + "." + context.getDisplayName());
    TestMetrics metrics = end.metrics();
    StallSettings.StallMode mode = run.stallGuard().settings().mode();
    Optional<StallGuard.Assessment> assessment =
        mode == StallSettings.StallMode.OFF ? Optional.empty() : Optional.of(run.assess(metrics));
    Map<String, String> entries = entries(metrics, assessment);
    context.publishReportEntry(entries);
    Map<String, String> line = new LinkedHashMap<>(entries);
    line.put(
        ReportKeys.RESET_MS,
        context.getStore(NAMESPACE).getOrDefault(ReportKeys.RESET_MS, String.class, "n/a"));
    SurefireLine.print(System.out, line);
    if (!end.leaks().isEmpty()) {
      throw new AssertionError(
          "dbit: this test left "
              + end.leaks().size()
              + " connection(s) to the test schema holding locks: "
              + String.join("; ", end.leaks())
              + ". dbit closed them so that the next test can start. Commit or roll back,"
              + " UNLOCK TABLES, and close every connection the test opens"
              + " (try-with-resources).");
    }
    Optional<AssertionError> budget = StatementBudget.check(context, metrics);
    if (budget.isPresent()) {
      throw budget.get();
    }
    Optional<TransportStallError> stall =
        assessment
            .flatMap(StallGuard.Assessment::message)
            .map(message -> new TransportStallError(message, metrics));
    if (stall.isPresent()) {
      if (mode == StallSettings.StallMode.FAIL) {
        throw stall.get();
      }
      LOG.log(Level.WARNING, context.getDisplayName() + ": " + stall.get().getMessage());
    }
  }

  private static Map<String, String> entries(
      TestMetrics metrics, Optional<StallGuard.Assessment> assessment) {
    Map<String, String> entries = new LinkedHashMap<>();
    entries.put(ReportKeys.WALL_MS, millis(metrics.wallMillis()));
    entries.put(ReportKeys.CPU_MS, millis(metrics.cpuMillis()));
    entries.put(ReportKeys.STATEMENTS, Long.toString(metrics.statements()));
    entries.put(ReportKeys.JDBC_MS, millis(metrics.jdbcMillis()));
    entries.put(
        ReportKeys.SERVER_SQL_MS,
        metrics.serverSqlMillis().isPresent()
            ? millis(metrics.serverSqlMillis().getAsDouble())
            : "n/a");
    entries.put(
        ReportKeys.QUESTIONS,
        metrics.questions().isPresent() ? Long.toString(metrics.questions().getAsLong()) : "n/a");
    entries.put(
        ReportKeys.VERDICT,
        assessment.map(StallGuard.Assessment::summary).orElse("off: measured only"));
    return entries;
  }

  private static String millis(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == DataSource.class || type == TestDatabase.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    DbitRun run = run(context);
    return parameter.getParameter().getType() == DataSource.class
        ? run.dataSource()
        : run.database();
  }

  /** The run of the test class {@code context} belongs to; the class takes one on first use. */
  private static DbitRun run(ExtensionContext context) {
    Workers workers =
        context
            .getStore(StoreScope.EXECUTION_REQUEST, NAMESPACE)
            .getOrComputeIfAbsent(Workers.class, key -> startWorkers(context), Workers.class);
    // Found in the class's store (or an enclosing class's) once the class took a run.
    return context
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            Workers.Lease.class,
            key -> new Workers.Lease(workers, workers.lease()),
            Workers.Lease.class)
        .run();
  }

  /** Identifies a server so that runs with the same settings share it within a JVM. */
  private record ServerKey(
      ServerChoice choice,
      Optional<String> url,
      String user,
      Path dir,
      String image,
      EmbeddedEngine engine,
      Optional<Path> mysqld) {}

  private static Workers startWorkers(ExtensionContext context) {
    ClassLoader classLoader = context.getRequiredTestClass().getClassLoader();
    ExtensionContext.Store serverStore = context.getStore(StoreScope.LAUNCHER_SESSION, NAMESPACE);
    return new Workers(
        () -> {
          DbitConfiguration config =
              new ConfigurationReader(context::getConfigurationParameter).read();
          warnWhenThePasswordIsASystemProperty();
          ServerChoice choice =
              ServerProvisioner.choose(config, ServerProvisioner::dockerAvailable);
          ServerKey key =
              new ServerKey(
                  choice,
                  config.externalUrl(),
                  config.user(),
                  config.embeddedDir(),
                  config.image(),
                  config.engine(),
                  config.mysqld());
          DatabaseServer server =
              serverStore.getOrComputeIfAbsent(
                  key, k -> startServer(config, choice), DatabaseServer.class);
          return DbitRun.start(config, server, classLoader);
        });
  }

  /** Surefire writes every system property into its TEST-*.xml files, a password too. */
  private static void warnWhenThePasswordIsASystemProperty() {
    if (System.getProperty(DbIntegrationTest.PASSWORD) != null) {
      LOG.log(
          Level.WARNING,
          "dbit: "
              + DbIntegrationTest.PASSWORD
              + " is set as a JVM system property; Surefire copies system properties, this one"
              + " with its value, into every TEST-*.xml report. Give the password in the"
              + " environment variable "
              + ConfigurationReader.PASSWORD_ENVIRONMENT
              + " or in a file named by "
              + DbIntegrationTest.PASSWORD_FILE
              + " instead.");
    }
  }

  private static DatabaseServer startServer(DbitConfiguration config, ServerChoice choice) {
    long start = System.nanoTime();
    DatabaseServer started = ServerProvisioner.start(config, choice);
    LOG.log(
        Level.INFO,
        String.format(
            "dbit: provider %s (%s): %s, up in %d ms",
            choice.kind().value(),
            choice.reason(),
            started.description(),
            (System.nanoTime() - start) / 1_000_000));
    return started;
  }
}
