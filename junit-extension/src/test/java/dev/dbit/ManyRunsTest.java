package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Many runs at once on one server, as CI runners sharding a suite against one shared MySQL: each
 * run a JVM of its own with JUnit's parallel classes, each test first comparing every table with
 * the template. One run is killed with SIGKILL in the middle; the others stay green (no
 * cross-talk), the killed run's locks end with its connections, and the next run is green. Also two
 * runs at once on embedded servers that share one {@code dbit.embedded.dir}. The full tier runs
 * {@value #FULL_RUNS} runs at once, the default {@value #QUICK_RUNS}.
 */
@Tag("faults")
public class ManyRunsTest {
  private static final int QUICK_RUNS = 3;
  private static final int FULL_RUNS = 8;
  private static final int RUNS_PER_JVM = 3;

  @TempDir Path dir;

  @Test
  void runsAtOnceOnOneServerOneKilled() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    Map<String, String> config = new HashMap<>(ExternalServerTest.CONFIG);
    config.put(DbIntegrationTest.MIGRATIONS, migrations());
    int runs = ProofSeeds.count(QUICK_RUNS, FULL_RUNS);
    long start = System.nanoTime();
    List<Process> jvms = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      logs.add(Files.createDirectories(Path.of("target", "many-runs")).resolve("run-" + i));
      jvms.add(child(config, logs.get(i)));
    }
    // Killed once its first tests have passed: mid-run, holding its copy's lock.
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
    while (!Files.readString(logs.get(0)).contains("dbit.wall-ms")
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    jvms.get(0).destroyForcibly().waitFor();
    double killedAt = (System.nanoTime() - start) / 1e9;
    List<String> red = new ArrayList<>();
    for (int i = 1; i < runs; i++) {
      boolean ended = jvms.get(i).waitFor(10, TimeUnit.MINUTES);
      if (!ended || jvms.get(i).exitValue() != 0) {
        red.add("run " + i + (ended ? "" : " (no end)") + ": " + failures(logs.get(i)));
      }
    }
    double took = (System.nanoTime() - start) / 1e9;
    List<String> heldLocks = heldCopyLocks(copyPrefix(logs.get(1)));
    FaultRun next = FaultRun.of(config);
    System.out.printf(
        "many runs: %d JVMs x %d runs, two classes in parallel each, on MariaDB 10.11: the first"
            + " killed after %.1f s, the others ended after %.1f s, %d of them red; copy locks"
            + " still held after: %s; the next run: %s%n",
        runs, RUNS_PER_JVM, killedAt, took, red.size(), heldLocks, next.failures());
    assertThat(red).isEmpty();
    assertThat(heldLocks).isEmpty();
    assertThat(next.green()).isTrue();
  }

  @Test
  void twoRunsAtOnceOnEmbeddedServersSharingOneDirectory() throws Exception {
    Map<String, String> config = new HashMap<>();
    config.put(DbIntegrationTest.MIGRATIONS, migrations());
    config.put(DbIntegrationTest.PROVIDER, "embedded");
    config.put(
        DbIntegrationTest.EMBEDDED_DIR,
        Path.of("target", "dbit-many-runs-cache").toAbsolutePath().toString());
    List<Process> jvms = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      logs.add(Files.createDirectories(Path.of("target", "many-runs")).resolve("embedded-" + i));
      jvms.add(child(config, logs.get(i)));
    }
    for (int i = 0; i < 2; i++) {
      assertThat(jvms.get(i).waitFor(10, TimeUnit.MINUTES)).as("run %d ends", i).isTrue();
      assertThat(jvms.get(i).exitValue()).as("run %d:%n%s", i, tail(logs.get(i))).isZero();
    }
  }

  /** The seeded schema, as a template of its own: other tests' runs hold no copy of it. */
  private String migrations() throws Exception {
    return Migrations.write(
        dir, Map.of("V1__shop.sql", SeededSchemaProofTest.SCHEMA + "\n-- many runs at once\n"));
  }

  /** "dbit_test_xxxxxxxx_", the name of this fixture's copies, from a run's log. */
  private static String copyPrefix(Path log) throws Exception {
    java.util.regex.Matcher copy =
        java.util.regex.Pattern.compile("dbit_test_[0-9a-f]+_").matcher(Files.readString(log));
    assertThat(copy.find()).as("a copy named in %s", log).isTrue();
    return copy.group();
  }

  /** A JVM that runs {@link #main} with {@code config} as system properties. */
  private static Process child(Map<String, String> config, Path log) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    config.forEach((key, value) -> command.add("-D" + key + "=" + value));
    command.add("-D" + ProofSeeds.SEED + "=" + ProofSeeds.base());
    command.add(ManyRunsTest.class.getName());
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /**
   * Runs the two classes in parallel {@value #RUNS_PER_JVM} times; exit 1 if any test failed. The
   * stall guard judges as in any run: sixteen runs at once on two cores keep statements waiting ~50
   * ms for a server without performance_schema, which it once took for a transport stall (4 of 8
   * runs, 2026-12-05; {@code StallEvidenceTest}).
   */
  public static void main(String[] args) {
    Map<String, String> config = new HashMap<>(ParallelClassesTest.CLASSES_CONCURRENT);
    System.getProperties().stringPropertyNames().stream()
        .filter(key -> key.startsWith("dbit."))
        .forEach(key -> config.put(key, System.getProperty(key)));
    int failed = 0;
    for (int run = 1; run <= RUNS_PER_JVM; run++) {
      FaultRun.Cycle.round++;
      EngineExecutionResults results =
          DbitTestKit.run(config, FaultRun.Cycle.class, OtherCycle.class);
      long failures = results.allEvents().failed().count();
      System.out.printf(
          "run %d: %d tests, %d failed%n", run, results.testEvents().started().count(), failures);
      results.allEvents().failed().stream()
          .forEach(e -> System.out.println("  " + DbitTestKit.failure(e)));
      failed += failures;
    }
    System.exit(failed == 0 ? 0 : 1);
  }

  /** Copies named {@code prefix}... whose server lock is still held. */
  private static List<String> heldCopyLocks(String prefix) throws SQLException {
    List<String> held = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection(ExternalServerTest.URL, "root", "");
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT SCHEMA_NAME, IS_USED_LOCK(SCHEMA_NAME) FROM information_schema.SCHEMATA"
                    + " WHERE SCHEMA_NAME LIKE '"
                    + prefix.replace("_", "!_")
                    + "%' ESCAPE '!'")) {
      while (rows.next()) {
        if (rows.getObject(2) != null) {
          held.add(rows.getString(1) + " by " + rows.getLong(2));
        }
      }
    }
    return held;
  }

  /** The lines of a run's log that name a failure. */
  private static List<String> failures(Path log) throws Exception {
    return Files.readAllLines(log).stream()
        .filter(line -> line.startsWith("run ") || line.startsWith("  "))
        .filter(
            line -> !line.startsWith("  ") || line.contains("Exception") || line.contains("Error"))
        .toList();
  }

  private static String tail(Path log) throws Exception {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  /** The same work as a second class, so that two run at once. */
  static class OtherCycle extends FaultRun.Cycle {}
}
