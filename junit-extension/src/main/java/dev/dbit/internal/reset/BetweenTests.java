package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import java.sql.SQLException;

/**
 * What dbit does on the control connection between two tests: read the counters that end one test,
 * restore the schema, read the counters that start the next. {@link ResetEngine} is the one
 * implementation; {@link ResetEngines} builds it for a server.
 */
public interface BetweenTests {

  /** Restores the test schema and returns the counters the next test starts from. */
  ServerCounters.Reading beforeTest() throws SQLException;

  /** Reads the counters that end a test and notes what it changed for the next reset. */
  AfterTest afterTest() throws SQLException;

  /** Reads the counters now, in the middle of a test. */
  ServerCounters.Reading peek() throws SQLException;

  /**
   * A statement the counters cannot see ran ({@code TRUNCATE}, DDL, {@code LOCK TABLES}): the next
   * reset probes every table.
   */
  void distrust();

  /** The control connection was replaced: the next reset must not trust what it knew. */
  void controlReconnected() throws SQLException;

  /**
   * True when the server adds a request to the counters this strategy reads only after replying to
   * it, so that a reading taken at once after a test misses its last request.
   */
  default boolean countsAfterReplying() {
    return false;
  }

  /** False when the statements these counters count leave out {@code SHOW} statements. */
  default boolean countsShowStatements() {
    return true;
  }

  /** A short name for logs: how this strategy finds changed tables. */
  String describe();

  /**
   * The end of a test.
   *
   * @param counters the counters at its end
   * @param openTransactions some connection other than dbit's may hold locks or changes
   */
  record AfterTest(ServerCounters.Reading counters, boolean openTransactions) {}
}
