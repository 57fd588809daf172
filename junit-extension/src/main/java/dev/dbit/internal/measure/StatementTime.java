package dev.dbit.internal.measure;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * performance_schema's statement totals of the connections dbit opened for a worker's tests, at one
 * moment.
 *
 * @param picos the time of client statements ({@link StatementTimer}), in picoseconds
 * @param timed how many statements and commands those totals hold that a JDBC execution sends
 * @param lost how many of those connections had closed so far without reading their totals ({@link
 *     TestConnections}): their time is in no reading
 * @param running whether one of them had a statement the server had answered but not yet ended, so
 *     not yet in the totals, or one was closing ({@link TestConnections#settledSince})
 */
public record StatementTime(long picos, long timed, long lost, boolean running) {

  /** How far a test's server SQL time may exceed its wall time or JDBC wait: the clocks differ. */
  public static final double TOLERANCE_MS = 1.0;

  /** The same tolerance as a share of the wall time or JDBC wait, for long tests. */
  public static final double TOLERANCE_SHARE = 0.01;

  /**
   * A test's server SQL time in milliseconds, from the readings at its start and end; empty where
   * dbit cannot establish that the number is the test's own ({@link #complete}) or where it is more
   * than {@link #bound} allows.
   *
   * @param before the reading taken just before {@code end} while dbit waited for the server to
   *     catch up; empty where {@code end} is the first
   */
  public static OptionalDouble testMillis(
      Optional<StatementTime> start,
      Optional<StatementTime> end,
      Optional<StatementTime> before,
      long statements,
      double wallMillis,
      double jdbcMillis) {
    if (!complete(start, end, before, statements)) {
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
   * Whether no later reading can change what {@code end} says of the test's time: it is {@link
   * #complete}, or unknown for good (the server times nothing, or one of the test's connections
   * closed without reading its totals since the start). Until then dbit reads again.
   */
  public static boolean settled(
      Optional<StatementTime> start,
      Optional<StatementTime> end,
      Optional<StatementTime> before,
      long statements) {
    return start.isEmpty()
        || end.isEmpty()
        || end.get().lost != start.get().lost
        || complete(start, end, before, statements);
  }

  /**
   * True when the server has timed everything the test sent: both readings have a time, no
   * connection was lost in between, none of the test's connections has a statement still running,
   * and the end holds at least the test's {@code statements} JDBC executions. Where it holds more
   * (a transaction's {@code COMMIT}, the pool's queries on a connection it opened during the test),
   * the count cannot show that the last execution is in: the server marks a statement ended a
   * moment before it adds it to the totals, so the end must also equal the reading {@code before}
   * it (nothing arrived in between).
   */
  public static boolean complete(
      Optional<StatementTime> start,
      Optional<StatementTime> end,
      Optional<StatementTime> before,
      long statements) {
    if (start.isEmpty()
        || end.isEmpty()
        || end.get().lost != start.get().lost
        || end.get().running) {
      return false;
    }
    long timed = end.get().timed - start.get().timed;
    return timed == statements || (timed > statements && end.equals(before));
  }

  /**
   * Parses the five columns of {@link StatementTimer#sql()} from {@code first} on and adds {@code
   * offset}: empty when the server did not have every open connection asked for (not instrumented,
   * or gone); {@code settled} false marks it running ({@link TestConnections#settledSince}).
   */
  static Optional<StatementTime> parse(
      ResultSet rows, int first, TestConnections.Offset offset, boolean settled)
      throws SQLException {
    String asked = rows.getString(first + 2);
    long threads = asked == null || asked.isEmpty() ? 0 : asked.split(",").length;
    if (rows.getLong(first + 3) != threads) {
      return Optional.empty();
    }
    return Optional.of(
        new StatementTime(
            rows.getLong(first) + offset.picos(),
            rows.getLong(first + 1) + offset.timed(),
            offset.lost(),
            rows.getLong(first + 4) > 0 || !settled));
  }
}
