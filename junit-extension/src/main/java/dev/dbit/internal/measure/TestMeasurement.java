package dev.dbit.internal.measure;

import dev.dbit.TestMetrics;
import dev.dbit.internal.shape.ShapeTally;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.OptionalLong;

/**
 * One test's measurement: the client clocks start when it is created, right after the reset; the
 * server counters come from the readings dbit takes between tests anyway.
 */
public final class TestMeasurement {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final JdbcClock clock;
  private final ShapeTally shapes;
  private final ServerCounters.Reading serverStart;
  private final JdbcClock.Reading clockStart;
  private final long cpuStart;
  private final long wallStart;

  private TestMeasurement(ServerCounters.Reading serverStart, JdbcClock clock, ShapeTally shapes) {
    this.clock = clock;
    this.shapes = shapes;
    this.serverStart = serverStart;
    this.clockStart = clock.read();
    this.cpuStart = cpuNanos();
    this.wallStart = System.nanoTime();
  }

  /**
   * Starts measuring on the test's thread from a server reading taken just now; {@code shapes}
   * collects the test's statements from now on.
   */
  public static TestMeasurement start(
      ServerCounters.Reading serverStart, JdbcClock clock, ShapeTally shapes) {
    return new TestMeasurement(serverStart, clock, shapes);
  }

  /**
   * Metrics from the start until now, given the server counters read just now; the server SQL time
   * is unknown where dbit cannot establish it is the test's own ({@link StatementTime#testMillis}).
   */
  public TestMetrics until(ServerCounters.Reading server) {
    long wall = System.nanoTime() - wallStart;
    long cpu = cpuNanos() - cpuStart;
    JdbcClock.Reading jdbc = clock.read().minus(clockStart);
    double jdbcMillis = jdbc.nanos() / 1e6;
    return TestMetrics.of(
        wall / 1e6,
        cpu / 1e6,
        jdbc.statements(),
        jdbcMillis,
        StatementTime.testMillis(
            serverStart.time(), server.time(), jdbc.statements(), wall / 1e6, jdbcMillis),
        OptionalLong.of(server.questions() - serverStart.questions()));
  }

  /**
   * {@code metrics} with the test's statements by kind and shape so far; once per reading the test
   * gets, not per server re-read while the counters catch up.
   */
  public TestMetrics withShapes(TestMetrics metrics) {
    return metrics.withShapes(shapes.byKind(), shapes.heaviestFirst());
  }

  /**
   * Whether {@code server}, read just now, holds the time of every statement since the start; true
   * where the server times nothing, so that there is nothing to wait for.
   */
  public boolean serverTimedEverything(ServerCounters.Reading server) {
    return serverStart.time().isEmpty()
        || server.time().isEmpty()
        || StatementTime.complete(
            serverStart.time(), server.time(), clock.read().minus(clockStart).statements());
  }

  /** {@code SHOW} statements the test ran so far on connections dbit handed out. */
  public long showStatements() {
    return clock.read().minus(clockStart).shows();
  }

  private static long cpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
  }
}
