package dev.dbit.internal.report;

import dev.dbit.DbIntegrationTest;
import dev.dbit.ReportKeys;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Collects dbit's report entries during a run and, at its end, writes this fork's JSON, prints the
 * run summary once, and redraws {@code report.html} from every fork's JSON in the directory.
 *
 * <p>Registered through {@code META-INF/services}; it does nothing in runs without dbit tests. The
 * directory is {@code dbit.report.dir} (default {@code target/dbit}). With parallel classes JUnit
 * calls it from several threads at once: every callback holds its lock.
 */
public final class RunReportListener implements TestExecutionListener {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /**
   * Entry a class publishes with the run's stall verdict: the classes (binary names, comma
   * separated) whose small tests it sums, each then named as stalled with the run.
   */
  public static final String RUN_STALL_CLASSES = "dbit.verdict.run.classes";

  private final Map<String, TestRecord> tests = new LinkedHashMap<>();

  /** Classes (and other containers) that published dbit's run entries: dbit's classes. */
  private final Set<String> dbitContainers = new HashSet<>();

  /** Tests JUnit ran or skipped inside dbit's classes. */
  private int testsRun;

  private TestPlan plan;
  private final Map<String, String> runEntries = new LinkedHashMap<>();

  /** Each class's verdict on its small tests judged together, by class name. */
  private final Map<String, String> classVerdicts = new LinkedHashMap<>();

  private Path directory = Path.of("target", "dbit");

  @Override
  public synchronized void testPlanExecutionStarted(TestPlan plan) {
    this.plan = plan;
    plan.getConfigurationParameters()
        .get(DbIntegrationTest.REPORT_DIR)
        .ifPresent(dir -> directory = Path.of(dir));
  }

  @Override
  public synchronized void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
    Map<String, String> dbit = new LinkedHashMap<>();
    entry
        .getKeyValuePairs()
        .forEach(
            (key, value) -> {
              if (key.startsWith("dbit.")) {
                dbit.put(key, value);
              }
            });
    if (dbit.isEmpty()) {
      return;
    }
    if (id.isTest()) {
      record(id).entries.putAll(dbit);
    } else {
      String classVerdict = dbit.remove(ReportKeys.VERDICT_CLASS);
      if (classVerdict != null) {
        classVerdicts.merge(id.getDisplayName(), classVerdict, RunReportListener::stallFirst);
      }
      String runClasses = dbit.remove(RUN_STALL_CLASSES);
      if (runClasses != null) {
        for (String name : runClasses.split(",")) {
          classVerdicts.merge(
              name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1),
              WITH_THE_RUN,
              RunReportListener::stallFirst);
        }
      }
      // Parallel classes run on schemas of their own: the run lists every one.
      String schema = dbit.remove(ReportKeys.TEST_SCHEMA);
      if (schema != null) {
        runEntries.merge(
            ReportKeys.TEST_SCHEMA,
            schema,
            (all, one) -> List.of(all.split(", ")).contains(one) ? all : all + ", " + one);
      }
      runEntries.putAll(dbit);
      dbitContainers.add(id.getUniqueId());
    }
  }

  /** A class's verdict when the run's small tests stalled together and it had some of them. */
  static final String WITH_THE_RUN =
      "transport stall: with the run's small tests (" + ReportKeys.VERDICT_RUN + ")";

  /** A stall verdict stays, unless the class's own stall verdict comes after the run's. */
  private static String stallFirst(String earlier, String later) {
    boolean stays = !later.startsWith("transport stall") || later.equals(WITH_THE_RUN);
    return earlier.startsWith("transport stall") && stays ? earlier : later;
  }

  @Override
  public synchronized void executionSkipped(TestIdentifier id, String reason) {
    count(id);
    // What Testcontainers says when @Testcontainers(disabledWithoutDocker = true) skips a class.
    if ("disabledWithoutDocker is true and Docker is not available".equals(reason)
        && id.getSource().orElse(null) instanceof ClassSource skipped
        && AnnotationSupport.isAnnotated(skipped.getJavaClass(), DbIntegrationTest.class)) {
      String why = " (@Testcontainers(disabledWithoutDocker = true)), which dbit gives a database";
      LOG.log(
          Level.WARNING,
          "dbit: Testcontainers skipped "
              + skipped.getClassName()
              + " for want of Docker"
              + why
              + " without Docker: delete @Testcontainers (docs/spring.md, Moving from Testcontainers).");
    }
  }

  private void count(TestIdentifier id) {
    if (plan == null || !id.isTest()) {
      return;
    }
    for (Optional<TestIdentifier> at = plan.getParent(id);
        at.isPresent();
        at = plan.getParent(at.get())) {
      if (dbitContainers.contains(at.get().getUniqueId())) {
        testsRun++;
        return;
      }
    }
  }

  @Override
  public synchronized void executionFinished(TestIdentifier id, TestExecutionResult result) {
    count(id);
    TestRecord test = tests.get(id.getUniqueId());
    if (test != null) {
      test.status = result.getStatus().name();
    }
  }

  @Override
  public synchronized void testPlanExecutionFinished(TestPlan plan) {
    RunReport report =
        new RunReport(
            forkName(), runEntries, classVerdicts, new ArrayList<>(tests.values()), testsRun);
    if (report.isEmpty()) {
      return;
    }
    try {
      Files.createDirectories(directory);
      Path json = directory.resolve("dbit-" + runId() + "-" + forkName() + ".json");
      Files.writeString(json, report.json(), StandardCharsets.UTF_8);
      Path html = directory.resolve("report.html");
      writeHtml(html);
      LOG.log(Level.INFO, report.summary(html.toString(), json.toString()));
    } catch (IOException e) {
      LOG.log(
          Level.WARNING,
          "dbit: could not write the run report to " + directory + ": " + e.getMessage(),
          e);
    }
  }

  /** Redraws the page from every fork's JSON, under a lock so that forks take turns. */
  private void writeHtml(Path html) throws IOException {
    try (FileChannel channel =
            FileChannel.open(
                directory.resolve(".report.lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      // Files of other runs (another build tool process) are stale: drop them.
      String prefix = "dbit-" + runId() + "-";
      List<String> forks = new ArrayList<>();
      try (Stream<Path> files = Files.list(directory)) {
        for (Path file :
            files
                .filter(f -> f.getFileName().toString().matches("dbit-.*\\.json"))
                .sorted()
                .toList()) {
          if (file.getFileName().toString().startsWith(prefix)) {
            forks.add(Files.readString(file, StandardCharsets.UTF_8));
          } else {
            Files.deleteIfExists(file);
          }
        }
      }
      Files.writeString(html, HtmlReport.render(forks), StandardCharsets.UTF_8);
      if (!lock.isValid()) {
        throw new IOException("lost the report lock");
      }
    }
  }

  private TestRecord record(TestIdentifier id) {
    return tests.computeIfAbsent(
        id.getUniqueId(),
        key -> {
          String className =
              id.getSource()
                  .filter(MethodSource.class::isInstance)
                  .map(source -> ((MethodSource) source).getClassName())
                  .orElse("?");
          return new TestRecord(className, id.getDisplayName());
        });
  }

  /**
   * Identifies one build: the nearest ancestor JVM (Maven or Gradle forking this test JVM, perhaps
   * through a shell), else this JVM. Forks of one build share it.
   */
  static String runId() {
    Optional<ProcessHandle> ancestor = ProcessHandle.current().parent();
    for (int depth = 0; depth < 3 && ancestor.isPresent(); depth++) {
      ProcessHandle process = ancestor.get();
      if (process
          .info()
          .command()
          .map(command -> command.endsWith("java") || command.endsWith("java.exe"))
          .orElse(false)) {
        return Long.toString(process.pid());
      }
      ancestor = process.parent();
    }
    return Long.toString(ProcessHandle.current().pid());
  }

  private static String forkName() {
    String fork = System.getProperty("surefire.forkNumber");
    return fork != null ? fork : Long.toString(ProcessHandle.current().pid());
  }
}
