package dev.dbit.internal.reset;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.measure.ServerCounters;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;

/**
 * What differs between servers in a reset: how dbit reads which tables a test changed and the
 * statement counters that frame each test. {@link ResetEngine} runs the one algorithm on top.
 *
 * <p>A reader keeps the state the schema was last restored to (its base) and names the tables that
 * changed since; it takes a reading as the new base when it says the schema is clean there.
 *
 * @param <R> the reader's own reading
 */
interface ChangeReader<R extends ChangeReader.Reading> {

  /** One reading: the counters a test starts from and what changed since the base. */
  interface Reading {
    /** The statement counters the next test starts from, when this reading starts one. */
    ServerCounters.Reading start();

    /**
     * The tables changed since the base (before cascades), or null when this reading cannot tell
     * and the next reset must read again before it cleans.
     */
    Set<String> changed();

    /** Some change no counter or trigger accounts for: only a probe of every table is safe. */
    boolean probe();

    /** Some connection other than dbit's may hold locks or changes. */
    boolean openTransactions();
  }

  /** A short name for logs: how this reader finds changed tables. */
  String describe();

  /** The reading that ends a test (one request). */
  R end() throws SQLException;

  /**
   * The reading before a test when the end reading named nothing to clean: has anything changed
   * since? A reading that names no table and needs no probe is taken as the base.
   *
   * @param end the end reading, when there was one since the last reset
   * @param cleanAnyway the reset cleans even when nothing changed (counters to reset)
   */
  R gate(Optional<R> end, boolean cleanAnyway) throws SQLException;

  /**
   * Whether a rolled-back test's flagged tables are worth asking first ({@link #restoredAt}); not
   * for readers whose marks roll back with the writes, or that name no table.
   */
  default boolean asksAfterRollback() {
    return false;
  }

  /** {@code reading} showed changes a rollback took back: the schema is clean at it. */
  default void restoredAt(R reading) {
    throw new UnsupportedOperationException(describe() + " asks nothing after a rollback");
  }

  /**
   * The request that runs {@code plan} (with what the reader adds to it) and reads again; what the
   * reader makes of that reading takes it as the new base, except for the tables changed meanwhile,
   * which the returned reading names.
   *
   * @param before the reading the plan was made from
   */
  Cleanup<?, R> cleanup(CleanupPlan plan, R before);

  /** Before the engine probes every table: what the reader's account must forget or repair. */
  default void beforeProbe() throws SQLException {}

  /**
   * After the engine probed and restored every table: a fresh base.
   *
   * @param gate the reading that asked for the probe, if one did
   * @return the counters the next test starts from
   */
  ServerCounters.Reading afterProbe(Optional<R> gate) throws SQLException;

  /**
   * One cleanup request: {@code plan}, then {@code readingSql}, whose results {@code reader} takes
   * one at a time; {@code after} makes the reading of what {@code reader} returned last.
   */
  record Cleanup<T, R>(
      CleanupPlan plan,
      String readingSql,
      MultiStatement.Reader<T> reader,
      AfterCleanup<T, R> after) {}

  /** What a reader makes of its reading in a cleanup request. */
  @FunctionalInterface
  interface AfterCleanup<T, R> {
    R apply(T read) throws SQLException;
  }

  /** The control connection was replaced (the engine probes next). */
  default void controlReconnected() throws SQLException {}
}
