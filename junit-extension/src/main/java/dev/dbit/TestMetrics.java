package dev.dbit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apiguardian.api.API;

/**
 * Where one test's time went, as dbit measured it: from the end of dbit's reset before the test to
 * the start of its end reading, so the test's own {@code @BeforeEach} and {@code @AfterEach}
 * methods count, dbit's reset and {@code @BeforeAll} do not.
 *
 * <p>Read it from {@link TestDatabase#metrics()} inside a test, or from a {@link
 * TransportStallError}. New measurements arrive as new methods; existing ones keep their meaning.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class TestMetrics {
  private final double wallMillis;
  private final double cpuMillis;
  private final long statements;
  private final double jdbcMillis;
  private final OptionalDouble serverSqlMillis;
  private final OptionalLong questions;
  private final Map<StatementKind, Long> byKind;
  private final List<StatementShape> shapes;

  private TestMetrics(
      double wallMillis,
      double cpuMillis,
      long statements,
      double jdbcMillis,
      OptionalDouble serverSqlMillis,
      OptionalLong questions,
      Map<StatementKind, Long> byKind,
      List<StatementShape> shapes) {
    this.wallMillis = wallMillis;
    this.cpuMillis = cpuMillis;
    this.statements = statements;
    this.jdbcMillis = jdbcMillis;
    this.serverSqlMillis = Objects.requireNonNull(serverSqlMillis);
    this.questions = Objects.requireNonNull(questions);
    this.byKind = byKind.isEmpty() ? Map.of() : new EnumMap<>(byKind);
    this.shapes = List.copyOf(shapes);
  }

  /** dbit builds these; tests read them. Not for use outside dbit: it may change in any release. */
  @API(status = INTERNAL, since = "0.1")
  public static TestMetrics of(
      double wallMillis,
      double cpuMillis,
      long statements,
      double jdbcMillis,
      OptionalDouble serverSqlMillis,
      OptionalLong questions) {
    return new TestMetrics(
        wallMillis,
        cpuMillis,
        statements,
        jdbcMillis,
        serverSqlMillis,
        questions,
        Map.of(),
        List.of());
  }

  /** The same numbers with statements by kind and shape. Not for use outside dbit. */
  @API(status = INTERNAL, since = "0.1")
  public TestMetrics withShapes(Map<StatementKind, Long> byKind, List<StatementShape> shapes) {
    return new TestMetrics(
        wallMillis, cpuMillis, statements, jdbcMillis, serverSqlMillis, questions, byKind, shapes);
  }

  /** Wall-clock time of the test, in milliseconds. */
  public double wallMillis() {
    return wallMillis;
  }

  /** CPU time of the test's thread, in milliseconds. */
  public double cpuMillis() {
    return cpuMillis;
  }

  /**
   * Statements the test executed on connections from dbit (the pool and {@link
   * TestDatabase#openConnection()}): JDBC {@code execute*} calls, a batch counting once.
   */
  public long statements() {
    return statements;
  }

  /**
   * Statements of {@code kind} the test executed on connections from dbit; a batch counts once per
   * SQL text in it.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public long statements(StatementKind kind) {
    return byKind.getOrDefault(kind, 0L);
  }

  /**
   * The test's statements grouped by {@linkplain StatementShape shape}, the most executed first (at
   * most 200 shapes; statements of further shapes count only in {@link
   * #statements(StatementKind)}).
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public List<StatementShape> shapes() {
    return shapes;
  }

  /** Time spent inside JDBC calls on connections from dbit, on any thread, in milliseconds. */
  public double jdbcMillis() {
    return jdbcMillis;
  }

  /**
   * Time the server spent executing the statements of the connections dbit opened for the test (the
   * pool and {@link TestDatabase#openConnection()}), in milliseconds: from each statement's start
   * to its end, lock waits included, from performance_schema's per-thread statement timer. Never
   * above the larger of the wall time and the JDBC wait beyond 1 ms and 1 %; empty where the server
   * has no timer (performance_schema off) or dbit cannot establish the test's own time
   * (docs/stall-guard.md).
   */
  public OptionalDouble serverSqlMillis() {
    return serverSqlMillis;
  }

  /**
   * Statements the server received during the test from every connection but dbit's own, on every
   * server; other connections to the same server count too. Read from MariaDB's user statistics
   * where {@code userstat} is on (which leave {@code SHOW} statements out), else from the global
   * {@code Questions} counter; empty when the server reports neither.
   */
  public OptionalLong questions() {
    return questions;
  }

  /** Server SQL time as a share of wall time, when known. */
  public OptionalDouble sqlShare() {
    return serverSqlMillis.isPresent() && wallMillis > 0
        ? OptionalDouble.of(serverSqlMillis.getAsDouble() / wallMillis)
        : OptionalDouble.empty();
  }

  /** JDBC wait per statement, or 0 without statements. */
  public double jdbcMillisPerStatement() {
    return statements == 0 ? 0 : jdbcMillis / statements;
  }

  /** The same client-side numbers with the server's numbers of {@code later}. */
  @API(status = INTERNAL, since = "0.1")
  public TestMetrics withServerNumbersOf(TestMetrics later) {
    return new TestMetrics(
        wallMillis,
        cpuMillis,
        statements,
        jdbcMillis,
        later.serverSqlMillis,
        later.questions,
        byKind,
        shapes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TestMetrics that
        && Double.compare(wallMillis, that.wallMillis) == 0
        && Double.compare(cpuMillis, that.cpuMillis) == 0
        && statements == that.statements
        && Double.compare(jdbcMillis, that.jdbcMillis) == 0
        && serverSqlMillis.equals(that.serverSqlMillis)
        && questions.equals(that.questions)
        && byKind.equals(that.byKind)
        && shapes.equals(that.shapes);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        wallMillis, cpuMillis, statements, jdbcMillis, serverSqlMillis, questions, byKind, shapes);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "TestMetrics[wall %.3f ms, cpu %.3f ms, %d statements, jdbc %.3f ms, server SQL %s,"
            + " questions %s]",
        wallMillis,
        cpuMillis,
        statements,
        jdbcMillis,
        serverSqlMillis.isPresent()
            ? String.format(Locale.ROOT, "%.3f ms", serverSqlMillis.getAsDouble())
            : "n/a",
        questions.isPresent() ? Long.toString(questions.getAsLong()) : "n/a");
  }
}
