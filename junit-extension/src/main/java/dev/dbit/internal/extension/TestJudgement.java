package dev.dbit.internal.extension;

import dev.dbit.ReportKeys;
import dev.dbit.TestMetrics;
import dev.dbit.TransportStallError;
import dev.dbit.internal.config.Mode;
import dev.dbit.internal.report.SurefireLine;
import dev.dbit.internal.run.TestLifecycle;
import dev.dbit.internal.run.WorkerRun;
import dev.dbit.internal.shape.ShapeLines;
import dev.dbit.internal.stall.StallGuard;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The end of one test: its numbers published (report entries and the Surefire line), the small test
 * kept for its class and run, and the test failed on a leak, a statement budget or a transport
 * stall.
 */
final class TestJudgement {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private TestJudgement() {}

  /**
   * Ends the measurement, which spans the test's own {@code @BeforeEach} and {@code @AfterEach}
   * methods and the test method; judges it; and fails the test on a leak (a transaction or a {@code
   * LOCK TABLES} still held: dbit closed that connection so that the next test can start), a
   * statement budget exceeded, a transport stall or a likely N+1 in fail mode. A failure of the
   * test itself comes first; JUnit adds these to it as suppressed.
   */
  static void judge(ExtensionContext context, Class<?> testClass, WorkerRun run, String resetMillis)
      throws SQLException {
    String name = testClass.getSimpleName() + "." + context.getDisplayName();
    TestLifecycle.EndOfTest end = run.tests().end(name);
    TestMetrics metrics = end.metrics();
    Mode mode = run.stallGuard().mode();
    Optional<StallGuard.Assessment> assessment =
        mode == Mode.OFF ? Optional.empty() : Optional.of(run.stallGuard().assess(metrics));
    assessment.ifPresent(a -> SmallTestStalls.record(context, run.stallGuard(), name, metrics, a));
    Optional<String> repeats = RepeatCheck.find(context, metrics, run.config().repeats());
    publish(context, run, entries(metrics, assessment, repeats), resetMillis);
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
    Optional<String> refused = run.boundary().takeRefusedConnection();
    if (refused.isPresent()) {
      throw new AssertionError(refused.get() + " (refused while this test ran)");
    }
    Optional<AssertionError> budget = StatementBudget.check(context, metrics);
    if (budget.isPresent()) {
      throw budget.get();
    }
    Optional<TransportStallError> stall =
        assessment
            .flatMap(StallGuard.Assessment::message)
            .map(
                message ->
                    new TransportStallError(
                        message + System.lineSeparator() + ShapeLines.top(metrics, 5), metrics));
    if (stall.isPresent()) {
      if (mode == Mode.FAIL) {
        throw stall.get();
      }
      LOG.log(Level.WARNING, context.getDisplayName() + ": " + stall.get().getMessage());
    }
    if (repeats.isPresent()) {
      if (run.config().repeats() == Mode.FAIL) {
        throw new AssertionError(repeats.get());
      }
      LOG.log(Level.WARNING, "dbit: " + name + ": " + repeats.get());
    }
  }

  /** The test's report entries, and its console line without the long ones. */
  private static void publish(
      ExtensionContext context, WorkerRun run, Map<String, String> entries, String resetMillis) {
    context.publishReportEntry(entries);
    Map<String, String> line = new LinkedHashMap<>(entries);
    line.remove(ReportKeys.SHAPES);
    line.remove(ReportKeys.N_PLUS_ONE);
    line.put(ReportKeys.RESET_MS, resetMillis);
    if (run.config().reportTestLines()) {
      SurefireLine.print(System.out, line);
    }
  }

  private static Map<String, String> entries(
      TestMetrics metrics, Optional<StallGuard.Assessment> assessment, Optional<String> repeats) {
    Map<String, String> entries = new LinkedHashMap<>();
    entries.put(ReportKeys.WALL_MS, millis(metrics.wallMillis()));
    entries.put(ReportKeys.CPU_MS, millis(metrics.cpuMillis()));
    entries.put(ReportKeys.STATEMENTS, Long.toString(metrics.statements()));
    entries.put(ReportKeys.STATEMENT_KINDS, ShapeLines.kinds(metrics));
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
    if (!metrics.shapes().isEmpty()) {
      entries.put(ReportKeys.SHAPES, ShapeLines.entry(metrics.shapes()));
    }
    repeats.ifPresent(text -> entries.put(ReportKeys.N_PLUS_ONE, text));
    return entries;
  }

  static String millis(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
