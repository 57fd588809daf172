package dev.dbit.internal.run;

import dev.dbit.TestMetrics;
import dev.dbit.internal.binlog.CopyHistory;
import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.ServerLock;
import dev.dbit.internal.measure.ConnectionLeakWatch;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.measure.TestMeasurement;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.reset.ResetEngine;
import dev.dbit.internal.reset.SchemaRestorer;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One test after the other on one run: restore the schema and start measuring before a test; end
 * the measurement, close what the test leaked and hand back its metrics after it. Runs on the
 * test's thread.
 */
public final class TestLifecycle {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** MySQL and MariaDB error 1205, for row locks and (MariaDB) metadata locks alike. */
  private static final int LOCK_WAIT_TIMEOUT = 1205;

  private final ControlConnection control;
  private final ResetEngine<?> between;
  private final SchemaRestorer restorer;
  private final LivePool pool;
  private final Watches watches;
  private final LockJanitor janitor;
  private final int distinctValuesCounted;
  private final List<Double> resetMillis = new ArrayList<>();
  private final List<Double> testMillis = new ArrayList<>();
  private TestMeasurement current;

  /** The test that ended last, for naming it when it left a lock behind. */
  private String previousTest = "no test";

  /** A class started and has run no test yet: its first test keeps what its setup wrote. */
  private boolean keepPending;

  private final LostConnections connections;
  private final ServerLock workerLock;

  TestLifecycle(
      ControlConnection control,
      ServerLock workerLock,
      ResetEngine<?> between,
      SchemaRestorer restorer,
      LivePool pool,
      Watches watches,
      LockJanitor janitor,
      int distinctValuesCounted) {
    this.control = control;
    this.workerLock = workerLock;
    this.between = between;
    this.connections = new LostConnections(control, between);
    this.restorer = restorer;
    this.pool = pool;
    this.watches = watches;
    this.janitor = janitor;
    this.distinctValuesCounted = distinctValuesCounted;
  }

  /**
   * Restores the test schema and starts measuring the next test.
   *
   * @param resetAutoIncrement also reset the counters of tables written since they were last reset
   * @return how long the reset took, in milliseconds
   */
  public double begin(boolean resetAutoIncrement) throws SQLException {
    long start = System.nanoTime();
    ServerCounters.Reading reading =
        keepPending ? keepClassState() : reset(resetAutoIncrement, between::beforeTest);
    double millis = (System.nanoTime() - start) / 1e6;
    resetMillis.add(millis);
    watches.connectionLeaks().startTest();
    current =
        TestMeasurement.start(
            reading, watches.clock(), watches.shapes().startTest(distinctValuesCounted));
    return millis;
  }

  /**
   * A test class starts, or a class nested in the running one: the schema goes back to the state it
   * starts from (the template, or its enclosing class's starting state), and what the class writes
   * before its first test becomes the state each of its tests starts from.
   */
  public void enterClass(boolean resetAutoIncrement) throws SQLException {
    if (keepPending) {
      // A class nested in one that ran no test yet: the enclosing class's setup stays too.
      keepClassState();
    } else {
      reset(resetAutoIncrement, between::beforeTest);
    }
    restorer.classStates().enter();
    keepPending = true;
  }

  /** The running class ended: the schema goes back to the state below its own, at once. */
  public void leaveClass() throws SQLException {
    keepPending = false;
    if (restorer.classStates().inClass()) {
      between.leaveClass();
      restore();
    }
  }

  /** Restores the state resets restore to now, outside a test; the class's state stays pending. */
  public void restore() throws SQLException {
    reset(false, between::beforeTest);
  }

  private ServerCounters.Reading keepClassState() throws SQLException {
    keepPending = false;
    return reset(false, between::keepClassState);
  }

  /** Resets the schema by {@code step}; returns the server's counters at its end. */
  private ServerCounters.Reading reset(
      boolean resetAutoIncrement, LostConnections.Step<ServerCounters.Reading> step)
      throws SQLException {
    connections.failIfServerLost();
    restorer.resetAutoIncrement(resetAutoIncrement);
    restorer.rolledBack(watches.rollbacks().takeSeen());
    if (watches.sessionState().takeSeen()) {
      // Session variables, temporary tables or locks may sit on pooled connections: replace them.
      pool.getHikariPoolMXBean().softEvictConnections();
    }
    if (watches.schemaChanges().takeSeen()) {
      between.distrust();
    }
    ServerCounters.Reading reading = null;
    for (int attempt = 1; reading == null; attempt++) {
      try {
        reading = step.run();
      } catch (SQLException e) {
        if (attempt <= LostConnections.REPEATS && e.getErrorCode() == LOCK_WAIT_TIMEOUT) {
          connections.retried(
              "closing the idle connections before this test",
              () -> {
                janitor.closeIdleConnections(previousTest);
                return null;
              });
          between.distrust();
        } else if (!connections.recovered(e, attempt, "the reset before this test")) {
          // Whatever the reset left, the next one must compare every table with the template.
          between.distrust();
          throw e;
        }
      }
    }
    return reading;
  }

  /** True between {@link #begin} and {@link #end}; false when the reset failed. */
  public boolean measuring() {
    return current != null;
  }

  /**
   * Ends the current test's measurement and closes what it leaked.
   *
   * @param testName names the test in a later warning about a lock it left behind
   */
  public EndOfTest end(String testName) throws SQLException {
    String earlierTest = previousTest;
    previousTest = testName;
    TestMeasurement measurement = current;
    current = null;
    if (measurement == null) {
      throw new IllegalStateException("dbit: TestLifecycle.end() without begin()");
    }
    ResetEngine.AfterTest after = afterTest();
    TestMetrics metrics = measurement.caughtUp(after.counters(), () -> afterTest().counters());
    watches.shapes().endTest();
    ConnectionLeakWatch.Closed closed = watches.connectionLeaks().closeLeaked();
    List<String> leaks = new ArrayList<>(closed.lines());
    leaks.addAll(
        connections.retried(
            "the look for transactions this test left open",
            () ->
                janitor.closeOpenTransactions(
                    after.openTransactions(),
                    closed.serverThreads(),
                    watches.connectionLeaks(),
                    earlierTest)));
    testMillis.add(metrics.wallMillis());
    return new EndOfTest(metrics, leaks);
  }

  /** The running test's metrics so far; fails outside a test. */
  TestMetrics metricsSoFar() throws SQLException {
    TestMeasurement measurement = current;
    if (measurement == null) {
      throw new IllegalStateException(
          "dbit: TestDatabase.metrics() measures the running test; call it inside one");
    }
    return measurement.caughtUp(peek(), this::peek);
  }

  /** The counters now, on a new control connection where the old one was lost. */
  private ServerCounters.Reading peek() throws SQLException {
    return connections.retried("TestDatabase.metrics()", between::peek);
  }

  /**
   * Tables of the test schema that differ from the template now, outside a reset; on a new control
   * connection where the old one was lost.
   */
  public List<String> differingTables() throws SQLException {
    return connections.retried("the look for tables that differ", restorer::differingTables);
  }

  /** The readings after a test, on a new control connection where the old one was lost. */
  private ResetEngine.AfterTest afterTest() throws SQLException {
    return connections.retried("the reading after this test", between::afterTest);
  }

  /** {@link LostConnections#explain}: a test's failure, or that the server stopped answering. */
  public Throwable explain(Throwable failure) {
    return connections.explain(failure);
  }

  /**
   * Ends the run's part in the copy: where dbit follows the binary log, one last reset, and the log
   * position of that clean state recorded in the copy, so that the next run can reuse the copy
   * without restoring it if nothing touched it meanwhile. Then stops following the log.
   */
  private void stop(String copy) {
    if (restorer.rowSource().log().isPresent() && !connections.serverLost() && current == null) {
      try {
        while (restorer.classStates().inClass()) {
          between.leaveClass();
        }
        restore();
        CopyHistory.recordClean(control.get(), copy);
      } catch (SQLException | RuntimeException e) {
        LOG.log(
            Level.DEBUG,
            "dbit: the final reset of " + copy + " failed; the next run restores it in full",
            e);
      }
    }
    restorer.rowSource().stopFollowing(control.get());
  }

  /**
   * Ends the run on {@code copy}: the reset times in one line, the last reset where the log is
   * followed, then the pool, the worker's lock and the control connection.
   */
  void close(String copy) {
    if (!resetMillis.isEmpty()) {
      LOG.log(
          Level.INFO,
          ReadyLine.resetTimes(copy, Percentiles.of(resetMillis), Percentiles.of(testMillis)));
    }
    stop(copy);
    pool.close();
    try {
      workerLock.close();
    } catch (SQLException e) {
      LOG.log(
          Level.DEBUG,
          "dbit: releasing the worker lock failed; closing the connection releases it",
          e);
    }
    control.close();
  }

  /**
   * What one test did and left behind.
   *
   * @param metrics its measurement
   * @param leaks one line per connection dbit had to close because the test left it holding locks
   */
  public record EndOfTest(TestMetrics metrics, List<String> leaks) {}
}
