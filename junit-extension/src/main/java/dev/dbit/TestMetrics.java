package dev.dbit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * Where one test's time went, as dbit measured it: from the end of dbit's reset before the test to
 * the start of its end reading, so the test's own {@code @BeforeEach} and {@code @AfterEach}
 * methods count, dbit's reset and {@code @BeforeAll} do not.
 *
 * <p>Read it from {@link TestDatabase#metrics()} inside a test, or from a {@link
 * TransportStallError}. dbit implements it; new measurements arrive as new methods, existing ones
 * keep their meaning. Two metrics with the same numbers are equal.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface TestMetrics {
  /** Wall-clock time of the test, in milliseconds. */
  double wallMillis();

  /** CPU time of the test's thread, in milliseconds. */
  double cpuMillis();

  /**
   * Statements the test executed on connections from dbit (the pool and {@link
   * TestDatabase#openConnection()}): JDBC {@code execute*} calls, a batch counting once.
   */
  long statements();

  /**
   * Statements of {@code kind} the test executed on connections from dbit; a batch counts once per
   * SQL text in it.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  long statements(StatementKind kind);

  /**
   * The test's statements grouped by {@linkplain StatementShape shape}, the most executed first (at
   * most 200 shapes; statements of further shapes count only in {@link
   * #statements(StatementKind)}).
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  List<StatementShape> shapes();

  /** Time spent inside JDBC calls on connections from dbit, on any thread, in milliseconds. */
  double jdbcMillis();

  /**
   * Time the server spent executing the statements of the connections dbit opened for the test (the
   * pool and {@link TestDatabase#openConnection()}), in milliseconds: from each statement's start
   * to its end, lock waits included, from performance_schema's per-thread statement timer. Never
   * above the larger of the wall time and the JDBC wait beyond 1 ms and 1 %; empty where the server
   * has no timer (performance_schema off) or dbit cannot establish the test's own time
   * (docs/stall-guard.md).
   */
  OptionalDouble serverSqlMillis();

  /**
   * Statements the server counted during the test (its {@code Questions} counter, less those of
   * dbit's own control connection): every other connection counts, so a pool's or a framework's own
   * statements ({@code SET}, {@code SHOW}, a validation query) and other clients of the same server
   * make it exceed {@link #statements()}; empty when the server reports none.
   */
  OptionalLong questions();

  /** Server SQL time as a share of wall time, when known. */
  default OptionalDouble sqlShare() {
    return serverSqlMillis().isPresent() && wallMillis() > 0
        ? OptionalDouble.of(serverSqlMillis().getAsDouble() / wallMillis())
        : OptionalDouble.empty();
  }

  /** JDBC wait per statement, or 0 without statements. */
  default double jdbcMillisPerStatement() {
    return statements() == 0 ? 0 : jdbcMillis() / statements();
  }
}
