package dev.dbit.internal.measure;

import dev.dbit.StatementKind;
import dev.dbit.StatementShape;
import dev.dbit.TestMetrics;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** The {@link TestMetrics} dbit measures and hands out. */
public record MeasuredTest(
    double wallMillis,
    double cpuMillis,
    long statements,
    double jdbcMillis,
    OptionalDouble serverSqlMillis,
    OptionalLong questions,
    Map<StatementKind, Long> byKind,
    List<StatementShape> shapes)
    implements TestMetrics {

  public MeasuredTest {
    Objects.requireNonNull(serverSqlMillis);
    Objects.requireNonNull(questions);
    byKind = byKind.isEmpty() ? Map.of() : new EnumMap<>(byKind);
    shapes = List.copyOf(shapes);
  }

  /** The numbers without statements by kind and shape. */
  public static MeasuredTest of(
      double wallMillis,
      double cpuMillis,
      long statements,
      double jdbcMillis,
      OptionalDouble serverSqlMillis,
      OptionalLong questions) {
    return new MeasuredTest(
        wallMillis,
        cpuMillis,
        statements,
        jdbcMillis,
        serverSqlMillis,
        questions,
        Map.of(),
        List.of());
  }

  /** The same numbers with statements by kind and shape. */
  public MeasuredTest withShapes(Map<StatementKind, Long> kinds, List<StatementShape> byShape) {
    return new MeasuredTest(
        wallMillis, cpuMillis, statements, jdbcMillis, serverSqlMillis, questions, kinds, byShape);
  }

  /**
   * The same client-side numbers with the server's numbers of {@code later}; its server SQL time
   * unknown where it exceeds what these clocks allow ({@link StatementTime#bound}).
   */
  public MeasuredTest withServerNumbersOf(TestMetrics later) {
    // The later reading bounded its time by its own, longer, wall time: this test reports its
    // first clocks, so the bound is taken again against them.
    OptionalDouble server = later.serverSqlMillis();
    if (server.isPresent() && server.getAsDouble() > StatementTime.bound(wallMillis, jdbcMillis)) {
      server = OptionalDouble.empty();
    }
    return new MeasuredTest(
        wallMillis, cpuMillis, statements, jdbcMillis, server, later.questions(), byKind, shapes);
  }

  @Override
  public long statements(StatementKind kind) {
    return byKind.getOrDefault(kind, 0L);
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
