package dev.dbit.internal.measure;

import dev.dbit.TestMetrics;
import dev.dbit.internal.shape.ShapeTally;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One test's measurement: the client clocks start when it is created, right after the reset; the
 * server counters come from the readings dbit takes between tests anyway.
 */
public final class TestMeasurement {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** How long after the test's last JDBC call the end reading waits at least, where it must. */
  private static final long SETTLE_NANOS = 200_000;

  /** How long dbit waits at most for the server to count a test's last requests. */
  private static final long CATCH_UP_NANOS = 2_000_000_000L;

  /**
   * How long dbit waits at most for the server to time a test's last statements; after that the
   * test's server SQL time is unknown.
   */
  private static final long TIMING_CATCH_UP_NANOS = 500_000_000L;

  /** A reading of the server's counters that may fail. */
  public interface CounterRead {
    ServerCounters.Reading read() throws SQLException;
  }

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
  private MeasuredTest until(
      ServerCounters.Reading server, Optional<ServerCounters.Reading> before) {
    long wall = System.nanoTime() - wallStart;
    long cpu = cpuNanos() - cpuStart;
    JdbcClock.Reading jdbc = clock.read().minus(clockStart);
    double jdbcMillis = jdbc.nanos() / 1e6;
    return MeasuredTest.of(
        wall / 1e6,
        cpu / 1e6,
        jdbc.statements(),
        jdbcMillis,
        StatementTime.testMillis(
            serverStart.time(),
            server.time(),
            before.flatMap(ServerCounters.Reading::time),
            jdbc.statements(),
            wall / 1e6,
            jdbcMillis),
        OptionalLong.of(server.questions() - serverStart.questions()));
  }

  /**
   * {@code metrics} with the test's statements by kind and shape so far; once per reading the test
   * gets, not per server re-read while the counters catch up.
   */
  private TestMetrics withShapes(MeasuredTest metrics) {
    return metrics.withShapes(shapes.byKind(), shapes.heaviestFirst());
  }

  /** Whether {@code server}, read just now (after {@code before}), settles the server SQL time. */
  private boolean timingSettled(
      ServerCounters.Reading server, Optional<ServerCounters.Reading> before) {
    return StatementTime.settled(
        serverStart.time(),
        server.time(),
        before.flatMap(ServerCounters.Reading::time),
        clock.read().minus(clockStart).statements());
  }

  /**
   * The metrics until now, from {@code firstReading} and, while the server shows fewer statements
   * than dbit handed it or has not timed every statement, from new readings: MySQL and MariaDB add
   * a request to their statistics just after replying, later still on a busy machine. Reads again,
   * with growing pauses, until the server has or {@value #CATCH_UP_NANOS} ns have passed ({@value
   * #TIMING_CATCH_UP_NANOS} ns for the timing); the client's clocks stay those of the first
   * reading.
   */
  public TestMetrics caughtUp(ServerCounters.Reading firstReading, CounterRead read)
      throws SQLException {
    MeasuredTest first = until(firstReading, Optional.empty());
    MeasuredTest metrics = first;
    ServerCounters.Reading reading = firstReading;
    Optional<ServerCounters.Reading> before = Optional.empty();
    long start = System.nanoTime();
    long pause = SETTLE_NANOS;
    while ((notCounted(metrics) && System.nanoTime() - start < CATCH_UP_NANOS)
        || (!timingSettled(reading, before) && System.nanoTime() - start < TIMING_CATCH_UP_NANOS)) {
      LockSupport.parkNanos(pause);
      pause = Math.min(pause * 2, 50_000_000L);
      before = Optional.of(reading);
      reading = read.read();
      metrics = first.withServerNumbersOf(until(reading, before));
    }
    return withShapes(metrics);
  }

  private static boolean notCounted(TestMetrics metrics) {
    return metrics.questions().isPresent()
        && metrics.questions().getAsLong() < metrics.statements();
  }

  private static long cpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
  }
}
