package dev.dbit.internal;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.TestDatabase;
import dev.dbit.TestMetrics;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.ServerLock;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.stall.StallGuard;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.TemplateBuilder;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;

/**
 * Everything one test run needs on one server: the control connection, the template, this worker's
 * copy of it, the pool handed to tests, and each test's reset and measurement. {@link RunStarter}
 * wires it; {@link TestLifecycle} runs the tests.
 */
public final class DbitRun implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** What {@link RunStarter} wired. */
  record Parts(
      ControlConnection control,
      ServerLock workerLock,
      HikariDataSource pool,
      DataSource accountedPool,
      TestDatabase database,
      TestLifecycle lifecycle,
      TemplateBuilder.Template template,
      SchemaLayout layout,
      String serverDescription,
      StallGuard stallGuard,
      ServerDoctor doctor,
      DbitConfiguration config) {}

  private final Parts parts;
  private final TestBoundary boundary = new TestBoundary();
  private final AtomicReference<String> refusedConnection = new AtomicReference<>();

  DbitRun(Parts parts) {
    this.parts = parts;
  }

  /** Builds or reuses the template, takes a worker copy and opens the pool. */
  public static DbitRun start(
      DbitConfiguration config, DatabaseServer server, ClassLoader classLoader) {
    return RunStarter.start(config, server, classLoader);
  }

  /**
   * Restores the test schema and starts measuring the next test; call on the test's thread.
   *
   * @param resetAutoIncrement also reset the {@code AUTO_INCREMENT} counters of tables written
   *     since they were last reset ({@code dbit.reset.auto-increment} does that for every test)
   * @return how long the reset took, in milliseconds
   */
  public double beginTest(boolean resetAutoIncrement) throws SQLException {
    return parts.lifecycle().begin(resetAutoIncrement);
  }

  /**
   * What one test did and left behind.
   *
   * @param metrics its measurement
   * @param leaks one line per connection dbit had to close because the test left it holding locks
   */
  public record EndOfTest(TestMetrics metrics, List<String> leaks) {}

  /** True between {@link #beginTest} and {@link #endTest}; false when the reset failed. */
  public boolean measuring() {
    return parts.lifecycle().measuring();
  }

  /**
   * Ends the current test's measurement and closes what it leaked; call on the test's thread.
   *
   * @param testName names the test in a later warning about a lock it left behind
   */
  public EndOfTest endTest(String testName) throws SQLException {
    return parts.lifecycle().end(testName);
  }

  /**
   * Notes that a thread of no test class asked dbit's DataSource for a connection while this run
   * and others were bound, so the current test fails with the reason instead of a 500 later.
   */
  public void refusedAConnection(String why) {
    refusedConnection.compareAndSet(null, why);
  }

  /** The reason noted by {@link #refusedAConnection} since the last call, if any. */
  public Optional<String> takeRefusedConnection() {
    return Optional.ofNullable(refusedConnection.getAndSet(null));
  }

  /** See {@link TestLifecycle#explain}: a test's failure, or that the server stopped answering. */
  public Throwable explainFailure(Throwable failure) {
    return parts.lifecycle().explain(failure);
  }

  /** Tables of the test schema that differ from the template now; call on the class's thread. */
  public List<String> differingTables() throws SQLException {
    return parts.lifecycle().differingTables();
  }

  /** The settings this run was started with. */
  public DbitConfiguration config() {
    return parts.config();
  }

  /** Where the current test begins and ends when Spring's test transaction wraps it too. */
  public TestBoundary boundary() {
    return boundary;
  }

  /** The pool handed to tests, behind dbit's listeners. */
  public DataSource dataSource() {
    return parts.accountedPool();
  }

  public TestDatabase database() {
    return parts.database();
  }

  public StallGuard stallGuard() {
    return parts.stallGuard();
  }

  public ServerSettings serverSettings() {
    return parts.doctor().settings();
  }

  public ServerDoctor doctor() {
    return parts.doctor();
  }

  /** The template's layout, for the benchmark and the proofs. */
  SchemaLayout layout() {
    return parts.layout();
  }

  public String serverDescription() {
    return parts.serverDescription();
  }

  public String templateSchema() {
    return parts.template().schema();
  }

  public boolean templateReused() {
    return parts.template().reused();
  }

  public String testSchema() {
    return parts.database().schemaName();
  }

  /** Reset durations so far, in milliseconds. */
  private Percentiles resetTimes() {
    return parts.lifecycle().resetTimes();
  }

  @Override
  public void close() {
    if (parts.lifecycle().anyReset()) {
      Percentiles tests = parts.lifecycle().testTimes();
      LOG.log(
          Level.INFO,
          "dbit: reset before each test on "
              + testSchema()
              + ": "
              + resetTimes().describeMillis()
              + (tests.n() == 0
                  ? ""
                  : String.format(
                      Locale.ROOT,
                      "; the tests themselves: median %.2f ms (p10 %.2f, p90 %.2f, N=%d); reset"
                          + " median = %.0f %% of test median",
                      tests.p50(),
                      tests.p10(),
                      tests.p90(),
                      tests.n(),
                      100 * resetTimes().p50() / tests.p50())));
    }
    parts.lifecycle().stop(testSchema());
    parts.pool().close();
    try {
      parts.workerLock().close();
    } catch (SQLException e) {
      LOG.log(
          Level.DEBUG,
          "dbit: releasing the worker lock failed; closing the connection releases it",
          e);
    }
    parts.control().close();
  }
}
