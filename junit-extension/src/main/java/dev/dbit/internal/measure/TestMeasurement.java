package dev.dbit.internal.measure;

import dev.dbit.TestMetrics;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Snapshots taken right before and right after one test method; their difference is its metrics.
 */
public final class TestMeasurement {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final java.util.function.Supplier<Connection> control;
  private final ServerCounters counters;
  private final JdbcClock clock;
  private final ServerCounters.Reading serverStart;
  private final JdbcClock.Reading clockStart;
  private final long cpuStart;
  private final long wallStart;

  private TestMeasurement(
      java.util.function.Supplier<Connection> control, ServerCounters counters, JdbcClock clock)
      throws SQLException {
    this.control = control;
    this.counters = counters;
    this.clock = clock;
    this.serverStart = counters.read(control.get());
    this.clockStart = clock.read();
    this.cpuStart = cpuNanos();
    this.wallStart = System.nanoTime();
  }

  /** Takes the start snapshot; call on the test's thread right before the test method. */
  public static TestMeasurement start(
      java.util.function.Supplier<Connection> control, ServerCounters counters, JdbcClock clock)
      throws SQLException {
    return new TestMeasurement(control, counters, clock);
  }

  /** Takes the end snapshot; call on the test's thread right after the test method. */
  public TestMetrics stop() throws SQLException {
    return peek();
  }

  /** Metrics from the start until now; the measurement goes on. */
  public TestMetrics peek() throws SQLException {
    long wall = System.nanoTime() - wallStart;
    long cpu = cpuNanos() - cpuStart;
    JdbcClock.Reading jdbc = clock.read().minus(clockStart);
    ServerCounters.Reading server = counters.read(control.get());
    OptionalLong picos = server.statementPicos();
    OptionalDouble sqlMillis =
        picos.isPresent() && serverStart.statementPicos().isPresent()
            ? OptionalDouble.of(
                (picos.getAsLong() - serverStart.statementPicos().getAsLong()) / 1e9)
            : OptionalDouble.empty();
    return new TestMetrics(
        wall / 1e6,
        cpu / 1e6,
        jdbc.statements(),
        jdbc.nanos() / 1e6,
        sqlMillis,
        OptionalLong.of(server.questions() - serverStart.questions()));
  }

  private static long cpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
  }
}
