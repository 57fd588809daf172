package dev.dbit.internal.shape;

import dev.dbit.StatementKind;
import dev.dbit.StatementShape;
import dev.dbit.TestMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A test's statements by kind and shape as text: for its report entries (read back by the run
 * report) and for the messages of the failures that name what ran.
 */
public final class ShapeLines {
  /** Shapes kept in a test's report entry, the most executed first. */
  static final int REPORTED_SHAPES = 50;

  private ShapeLines() {}

  /** Counts per kind, for example {@code select=2 insert=1 update=0 delete=0 other=0}. */
  public static String kinds(TestMetrics metrics) {
    StringBuilder text = new StringBuilder();
    for (StatementKind kind : StatementKind.values()) {
      text.append(text.length() == 0 ? "" : " ")
          .append(kind.name().toLowerCase(Locale.ROOT))
          .append('=')
          .append(metrics.statements(kind));
    }
    return text.toString();
  }

  /** One line per shape: count, distinct values, kind, JDBC ms and the shape, tab-separated. */
  public static String entry(List<StatementShape> shapes) {
    return shapes.stream()
        .limit(REPORTED_SHAPES)
        .map(
            s ->
                String.format(
                    Locale.ROOT,
                    "%d\t%d\t%s\t%.3f\t%s",
                    s.count(),
                    s.distinctValues(),
                    s.kind().name().toLowerCase(Locale.ROOT),
                    s.jdbcMillis(),
                    s.sql()))
        .collect(Collectors.joining("\n"));
  }

  /** The shapes of an {@link #entry}; lines that are not one are skipped. */
  public static List<StatementShape> parse(String entry) {
    List<StatementShape> shapes = new ArrayList<>();
    for (String line : entry.split("\n")) {
      String[] field = line.split("\t", 5);
      if (field.length == 5) {
        try {
          shapes.add(
              new StatementShape(
                  field[4],
                  StatementKind.valueOf(field[2].toUpperCase(Locale.ROOT)),
                  Long.parseLong(field[0]),
                  Long.parseLong(field[1]),
                  Double.parseDouble(field[3])));
        } catch (IllegalArgumentException e) {
          // Not a shape line.
        }
      }
    }
    return shapes;
  }

  /** The {@code limit} most executed shapes, one indented line each, for failure messages. */
  public static String top(TestMetrics metrics, int limit) {
    List<StatementShape> shapes = metrics.shapes();
    StringBuilder text = new StringBuilder("What ran, by kind: ").append(kinds(metrics));
    text.append(shapes.isEmpty() ? "." : "; the most executed shapes:");
    for (StatementShape shape : shapes.subList(0, Math.min(limit, shapes.size()))) {
      text.append(
          String.format(
              Locale.ROOT,
              "%n  %5d x  %s  (%.2f ms in JDBC)",
              shape.count(),
              shape.sql(),
              shape.jdbcMillis()));
    }
    if (shapes.size() > limit) {
      text.append(String.format(Locale.ROOT, "%n  ... %d more shapes", shapes.size() - limit));
    }
    return text.toString();
  }
}
