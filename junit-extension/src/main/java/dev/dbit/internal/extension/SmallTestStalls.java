package dev.dbit.internal.extension;

import dev.dbit.ReportKeys;
import dev.dbit.TestMetrics;
import dev.dbit.TransportStallError;
import dev.dbit.internal.config.Mode;
import dev.dbit.internal.report.RunReportListener;
import dev.dbit.internal.report.SurefireLine;
import dev.dbit.internal.run.WorkerRun;
import dev.dbit.internal.stall.StallGuard;
import dev.dbit.internal.stall.StallModel;
import dev.dbit.internal.stall.StallTally;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;

/**
 * Judges the tests too small to judge alone (fewer than {@value StallModel#MIN_STATEMENTS}
 * statements) together: those of a class when the class ends, and those of the whole run so far
 * after every class. A class's verdict, and the run's when it finds a stall, reach the console and
 * Surefire's output of the class as well as the reports. In {@code fail} mode, a class fails when
 * its small tests together show a confirmed stall, and when the run's do and the class's tests are
 * among them, so that a run-level stall fails the build through every class that adds to it from
 * then on, each failure naming every class so far.
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
    if (assessment.decision().outcome() != StallModel.Outcome.SMALL) {
      return;
    }
    boolean signature = guard.showsSignature(metrics);
    ExtensionContext classContext = classContext(test);
    String testClass = classContext.getRequiredTestClass().getName();
    classTally(classContext).add(testClass, name, metrics, signature);
    runTally(test).add(testClass, name, metrics, signature);
  }

  /**
   * Judges the class's small tests, then the run's; throws a {@link TransportStallError} in {@code
   * fail} mode when either is a confirmed stall the class's tests are part of.
   */
  static void judgeClassAndRun(ExtensionContext classContext, Supplier<WorkerRun> run) {
    StallTally tally =
        classContext.getStore(NAMESPACE).get(classKey(classContext), StallTally.class);
    if (tally == null) {
      return; // no small test with SQL ran (or stall mode is off)
    }
    WorkerRun dbit = run.get();
    StallGuard guard = dbit.stallGuard();
    StallGuard.Assessment forClass = guard.assessTogether(tally);
    tell(classContext, dbit, ReportKeys.VERDICT_CLASS, forClass.summary());
    Optional<String> forRun = judgeRun(classContext, dbit);
    String testClass = classContext.getRequiredTestClass().getName();
    StallTally runTally = runTally(classContext);
    if (forRun.isPresent()) {
      // Every class the run's stall sums so far, after each class: those that ended before the
      // verdict, or between its tellings, are named in the report with this one.
      classContext.publishReportEntry(
          Map.of(
              RunReportListener.RUN_STALL_CLASSES, String.join(",", runTally.classes().keySet())));
    }
    Optional<TransportStallError> stall =
        forClass
            .message()
            .map(message -> new TransportStallError(message, tally.total()))
            .or(
                () ->
                    forRun
                        .filter(m -> runTally.hasSignatureFrom(testClass))
                        .map(message -> new TransportStallError(message, runTally.total())));
    if (stall.isPresent()) {
      if (guard.mode() == Mode.FAIL) {
        throw stall.get();
      }
      LOG.log(Level.WARNING, tally.scope() + ": " + stall.get().getMessage());
    }
  }

  /**
   * The run's finding when its small tests show a confirmed stall. Told the first time, and again
   * each time the run's small tests have doubled since, so that the report ends with the fullest
   * numbers without repeating them after every class.
   */
  private static Optional<String> judgeRun(ExtensionContext classContext, WorkerRun dbit) {
    StallTally run = runTally(classContext);
    Optional<String> message = dbit.stallGuard().assessTogether(run).message();
    AtomicInteger toldAt =
        Stores.request(classContext, NAMESPACE)
            .getOrComputeIfAbsent(RUN_PUBLISHED, k -> new AtomicInteger(), AtomicInteger.class);
    int tests = run.tests().size();
    if (message.isPresent() && tests >= 2 * toldAt.get()) {
      toldAt.set(tests);
      tell(classContext, dbit, ReportKeys.VERDICT_RUN, message.get());
    }
    return message;
  }

  /**
   * A class-level verdict as a report entry; unless it is ok or left to the run, a console line;
   * for a stall, a warning too.
   */
  private static void tell(ExtensionContext classContext, WorkerRun dbit, String key, String text) {
    classContext.publishReportEntry(Map.of(key, text));
    if (dbit.config().reportTestLines() && !text.startsWith("ok:") && !text.startsWith("small:")) {
      SurefireLine.print(System.out, Map.of(key, text));
    }
    if (text.startsWith("transport stall")) {
      LOG.log(Level.WARNING, "dbit: " + key + ": " + text);
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
    return Stores.request(context, NAMESPACE)
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
