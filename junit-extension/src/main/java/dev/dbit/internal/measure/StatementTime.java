package dev.dbit.internal.measure;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * performance_schema's statement totals of the connections dbit opened for a worker's tests, at one
 * moment.
 *
 * @param picos the time of client statements ({@link StatementTimer}), in picoseconds
 * @param timed how many statements and commands those totals hold that a JDBC execution sends
 * @param threads the server ids of the connections summed, open or read before they closed
 */
public record StatementTime(long picos, long timed, Set<Long> threads) {
  public StatementTime {
    threads = Set.copyOf(threads);
  }

  /** How far a test's server SQL time may exceed its wall time or JDBC wait: the clocks differ. */
  public static final double TOLERANCE_MS = 1.0;

  /** The same tolerance as a share of the wall time or JDBC wait, for long tests. */
  public static final double TOLERANCE_SHARE = 0.01;

  /**
   * A test's server SQL time in milliseconds, from the readings at its start and end; empty where
   * dbit cannot establish that the number is the test's own: either reading without a time, a
   * connection summed at the start but gone at the end (it took its totals with it), fewer
   * statements timed than the test's {@code statements} JDBC executions (the server had not yet
   * added the last ones), or more time than {@link #bound} allows.
   */
  public static OptionalDouble testMillis(
      Optional<StatementTime> start,
      Optional<StatementTime> end,
      long statements,
      double wallMillis,
      double jdbcMillis) {
    if (!complete(start, end, statements)) {
      return OptionalDouble.empty();
    }
    double millis = Math.max(0, end.get().picos - start.get().picos) / 1e9;
    return millis <= bound(wallMillis, jdbcMillis)
        ? OptionalDouble.of(millis)
        : OptionalDouble.empty();
  }

  /**
   * The most server SQL time a test can have spent: on one connection at a time, statements follow
   * each other within the wall time; on several at once, each waits for its own within the JDBC
   * wait, which sums the threads' waits. The server's timer runs on its own clock and ends a
   * statement a little after answering it, hence the tolerance.
   */
  public static double bound(double wallMillis, double jdbcMillis) {
    return Math.max(wallMillis, jdbcMillis) * (1 + TOLERANCE_SHARE) + TOLERANCE_MS;
  }

  /**
   * True when both readings have a time over the same connections (or more at the end), and the end
   * holds at least {@code statements} more statements: the server timed everything the test sent.
   */
  public static boolean complete(
      Optional<StatementTime> start, Optional<StatementTime> end, long statements) {
    return start.isPresent()
        && end.isPresent()
        && end.get().threads.containsAll(start.get().threads)
        && end.get().timed - start.get().timed >= statements;
  }

  /**
   * Parses the four columns of {@link StatementTimer#sql()} from {@code first} on and adds the
   * totals of the connections {@code retired} before closing: empty when the server did not have
   * every open connection asked for (not instrumented, or gone).
   */
  static Optional<StatementTime> parse(ResultSet rows, int first, TestConnections.Retired retired)
      throws SQLException {
    String asked = rows.getString(first + 2);
    Set<Long> threads =
        asked == null || asked.isEmpty()
            ? Set.of()
            : Arrays.stream(asked.split(",")).map(Long::valueOf).collect(Collectors.toSet());
    if (rows.getLong(first + 3) != threads.size()) {
      return Optional.empty();
    }
    Set<Long> all = new HashSet<>(threads);
    all.addAll(retired.threads());
    return Optional.of(
        new StatementTime(
            rows.getLong(first) + retired.picos(), rows.getLong(first + 1) + retired.timed(), all));
  }
}
