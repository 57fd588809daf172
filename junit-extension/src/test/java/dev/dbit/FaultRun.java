package dev.dbit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * One run of the seeded proof's work under a fault, and what came of it: every failure with its
 * causes' messages, or a hang. A run {@linkplain #dirty() started a test dirty} when a test found a
 * table that differs from the template; its failures are {@linkplain #clear() clear} when each is
 * dbit's own message.
 *
 * @param failures each failed test or container, "name: message <- cause <- ..."
 * @param hung whether the run did not end within {@link #HANG_SECONDS}
 * @param tests how many tests ran
 */
record FaultRun(List<String> failures, boolean hung, long tests) {
  /** Longer than any run under load takes: a run past it counts as a hang. */
  static final long HANG_SECONDS = 180;

  /** Runs {@link Cycle} once with {@code config}. */
  static FaultRun of(Map<String, String> config) throws Exception {
    Cycle.round++;
    return of(() -> DbitTestKit.run(Cycle.class, config), HANG_SECONDS);
  }

  /** Runs {@code run} on a thread of its own; a run past {@code hangSeconds} counts as a hang. */
  static FaultRun of(Callable<EngineExecutionResults> run, long hangSeconds) throws Exception {
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<EngineExecutionResults> future = runner.submit(run);
      EngineExecutionResults results = future.get(hangSeconds, TimeUnit.SECONDS);
      List<String> failures = new ArrayList<>();
      results.allEvents().failed().stream()
          .forEach(
              event ->
                  failures.add(
                      event.getTestDescriptor().getDisplayName()
                          + ": "
                          + chain(DbitTestKit.failure(event))));
      return new FaultRun(failures, false, results.testEvents().finished().count());
    } catch (TimeoutException e) {
      return new FaultRun(List.of("no end after " + hangSeconds + " s"), true, 0);
    } finally {
      runner.shutdownNow();
    }
  }

  boolean green() {
    return failures.isEmpty() && !hung;
  }

  boolean dirty() {
    return failures.stream().anyMatch(f -> f.contains("tables that differ"));
  }

  boolean clear() {
    return !hung && failures.stream().allMatch(f -> f.contains(": dbit: "));
  }

  /** The messages of a failure and its causes, and where in dbit the failure was thrown. */
  private static String chain(Throwable failure) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      // One line: .ci/run keeps a finding by grepping its line, frames included.
      String message = String.valueOf(t.getMessage()).replaceAll("\\s*\\R\\s*", " ");
      text.append(text.length() == 0 ? "" : " <- ").append(message);
    }
    java.util.Arrays.stream(failure.getStackTrace())
        .filter(frame -> frame.getClassName().startsWith("dev.dbit.internal"))
        .findFirst()
        .ifPresent(frame -> text.append(" (at ").append(frame).append(')'));
    if (!text.toString().contains("dbit: ")) {
      // A failure that is not dbit's: where it came from, for whoever reads the finding.
      java.util.Arrays.stream(failure.getStackTrace())
          .filter(frame -> frame.getClassName().startsWith("dev.dbit"))
          .limit(3)
          .forEach(frame -> text.append(" | ").append(frame));
    }
    return text.toString();
  }

  /**
   * A schema dbit does not own, with two rows: no fault may change it. Closing drops it, so that a
   * failed run leaves the server as it found it.
   */
  static final class Sentinel implements AutoCloseable {
    private static final String TABLE = "fault_sentinel.kept";
    private final String url;
    private final long checksum;

    Sentinel(String url) throws SQLException {
      this.url = url;
      execute(
          "CREATE DATABASE IF NOT EXISTS fault_sentinel",
          "CREATE TABLE IF NOT EXISTS " + TABLE + " (id INT PRIMARY KEY, v VARCHAR(20))",
          "REPLACE INTO " + TABLE + " VALUES (1, 'one'), (2, 'two')");
      this.checksum = checksum();
    }

    boolean untouched() throws SQLException {
      return checksum() == checksum;
    }

    @Override
    public void close() throws SQLException {
      execute("DROP DATABASE fault_sentinel");
    }

    private long checksum() throws SQLException {
      try (Connection connection = DriverManager.getConnection(url, "root", "");
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("CHECKSUM TABLE " + TABLE)) {
        rows.next();
        return rows.getLong(2);
      }
    }

    private void execute(String... sql) throws SQLException {
      try (Connection connection = DriverManager.getConnection(url, "root", "");
          Statement statement = connection.createStatement()) {
        for (String each : sql) {
          statement.execute(each);
        }
      }
    }
  }

  /** One round of the seeded proof's kinds; each run takes the next round's cases. */
  @DbIntegrationTest
  static class Cycle {
    static volatile int round;

    @RepeatedTest(SeededSchemaProofTest.KINDS)
    void startsCleanThenWrites(RepetitionInfo repetition, DataSource pool, TestDatabase database)
        throws SQLException {
      new SeededSchemaProofTest.GeneratedTestCase()
          .startsCleanThenDoesSomethingRandom(
              round * SeededSchemaProofTest.KINDS + repetition.getCurrentRepetition(),
              pool,
              database);
    }
  }
}
