package dev.dbit.internal.extension;

import dev.dbit.DbIntegrationTest;
import dev.dbit.ReportKeys;
import dev.dbit.TestMetrics;
import dev.dbit.TransportStallError;
import dev.dbit.internal.DbitRun;
import dev.dbit.internal.config.StallSettings;
import dev.dbit.internal.stall.StallGuard;
import dev.dbit.internal.stall.StallJudge;
import dev.dbit.internal.stall.StallTally;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.StoreScope;

/**
 * Judges the tests too small to judge alone (fewer than {@link
 * DbIntegrationTest#STALL_MIN_STATEMENTS} statements) together: those of a class when the class
 * ends, and those of the whole run so far after every class. A class whose small tests together
 * show a confirmed stall fails in {@code fail} mode and is logged in {@code warn} mode; a run-level
 * finding is published for the run summary and the HTML report.
 */
final class SmallTestStalls {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final Namespace NAMESPACE = Namespace.create(SmallTestStalls.class);
  private static final String RUN = "run";
  private static final String RUN_PUBLISHED = "run published";

  private SmallTestStalls() {}

  /** Keeps a test whose verdict was "too few statements" for its class and for the run. */
  static void record(
      ExtensionContext test,
      StallGuard guard,
      String name,
      TestMetrics metrics,
      StallGuard.Assessment assessment) {
    if (assessment.verdict().outcome() != StallJudge.Outcome.TOO_FEW_STATEMENTS) {
      return;
    }
    boolean signature = guard.showsSignature(metrics);
    classTally(classContext(test)).add(name, metrics, signature);
    runTally(test).add(name, metrics, signature);
  }

  /**
   * Judges the class's small tests, then the run's; throws the class's {@link TransportStallError}
   * in {@code fail} mode.
   */
  static void judgeClassAndRun(ExtensionContext classContext, Supplier<DbitRun> run) {
    StallTally tally =
        classContext.getStore(NAMESPACE).get(classKey(classContext), StallTally.class);
    if (tally == null) {
      return; // no small test with SQL ran (or stall mode is off)
    }
    StallGuard guard = run.get().stallGuard();
    StallSettings.StallMode mode = guard.settings().mode();
    Optional<StallGuard.Assessment> forClass = guard.assessTogether(tally);
    forClass.ifPresent(a -> classContext.publishReportEntry(ReportKeys.STALL_CLASS, a.summary()));
    judgeRun(classContext, guard);
    Optional<TransportStallError> stall =
        forClass.flatMap(
            a -> a.message().map(message -> new TransportStallError(message, tally.total())));
    if (stall.isPresent()) {
      if (mode == StallSettings.StallMode.FAIL) {
        throw stall.get();
      }
      LOG.log(Level.WARNING, tally.scope() + ": " + stall.get().getMessage());
    }
  }

  /**
   * Publishes the run's finding when its small tests show a confirmed stall: the first time, and
   * again each time the run's small tests have doubled since, so that the report ends with the
   * fullest numbers without repeating the report after every class.
   */
  private static void judgeRun(ExtensionContext classContext, StallGuard guard) {
    StallTally run = runTally(classContext);
    AtomicInteger publishedAt =
        classContext
            .getStore(StoreScope.EXECUTION_REQUEST, NAMESPACE)
            .getOrComputeIfAbsent(RUN_PUBLISHED, k -> new AtomicInteger(), AtomicInteger.class);
    int tests = run.tests().size();
    if (tests < 2 * publishedAt.get()) {
      return;
    }
    Optional<String> message = guard.assessTogether(run).flatMap(StallGuard.Assessment::message);
    if (message.isPresent()) {
      publishedAt.set(tests);
      classContext.publishReportEntry(Map.of(ReportKeys.STALL_RUN, message.get()));
    }
  }

  private static StallTally classTally(ExtensionContext classContext) {
    return classContext
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            classKey(classContext),
            k -> new StallTally(classContext.getRequiredTestClass().getSimpleName()),
            StallTally.class);
  }

  private static StallTally runTally(ExtensionContext context) {
    return context
        .getStore(StoreScope.EXECUTION_REQUEST, NAMESPACE)
        .getOrComputeIfAbsent(RUN, k -> new StallTally("this run"), StallTally.class);
  }

  /** A key of the class's own: a nested class's store also sees its enclosing class's entries. */
  private static String classKey(ExtensionContext classContext) {
    return "class " + classContext.getRequiredTestClass().getName();
  }

  /** The context of the class a test (or an invocation of a test template) belongs to. */
  private static ExtensionContext classContext(ExtensionContext test) {
    ExtensionContext context = test;
    // A dynamic test's context has neither a method nor a class: its factory's parent does.
    while ((context.getTestMethod().isPresent() || context.getTestClass().isEmpty())
        && context.getParent().isPresent()) {
      context = context.getParent().get();
    }
    return context;
  }
}
