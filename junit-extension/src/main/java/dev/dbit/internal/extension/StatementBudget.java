package dev.dbit.internal.extension;

import dev.dbit.ExpectMaxStatements;
import dev.dbit.ExpectStatements;
import dev.dbit.StatementKind;
import dev.dbit.TestMetrics;
import dev.dbit.internal.shape.ShapeLines;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** The {@link ExpectMaxStatements} and {@link ExpectStatements} checks of one finished test. */
final class StatementBudget {
  /** Shapes listed in a failure. */
  private static final int LISTED_SHAPES = 10;

  private StatementBudget() {}

  /**
   * The checks, each from the method (for a dynamic test: its factory method) or else the class;
   * empty when every count is as expected or none is set.
   */
  static Optional<AssertionError> check(ExtensionContext context, TestMetrics metrics) {
    List<String> broken = new ArrayList<>();
    find(context, ExpectMaxStatements.class)
        .ifPresent(
            max ->
                compareAll(
                    broken,
                    "at most",
                    metrics,
                    max.value(),
                    new int[] {max.select(), max.insert(), max.update(), max.delete(), max.other()},
                    "@ExpectMaxStatements"));
    find(context, ExpectStatements.class)
        .ifPresent(
            exact ->
                compareAll(
                    broken,
                    "exactly",
                    metrics,
                    exact.value(),
                    new int[] {
                      exact.select(), exact.insert(), exact.update(), exact.delete(), exact.other()
                    },
                    "@ExpectStatements"));
    if (broken.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new AssertionError(
            "expected "
                + String.join("; expected ", broken)
                + String.format(
                    Locale.ROOT,
                    " (JDBC wait %.2f ms, server SQL %s, server Questions %s)%n",
                    metrics.jdbcMillis(),
                    metrics.serverSqlMillis().isPresent()
                        ? String.format(
                            Locale.ROOT, "%.2f ms", metrics.serverSqlMillis().getAsDouble())
                        : "n/a",
                    metrics.questions().isPresent() ? "+" + metrics.questions().getAsLong() : "n/a")
                + ShapeLines.top(metrics, LISTED_SHAPES)));
  }

  /** {@code perKind} in the order of {@link StatementKind}'s constants; -1 is not checked. */
  private static void compareAll(
      List<String> broken,
      String how,
      TestMetrics metrics,
      int total,
      int[] perKind,
      String annotation) {
    compare(broken, how, total, metrics.statements(), "statements", annotation);
    for (StatementKind kind : StatementKind.values()) {
      compare(
          broken, how, perKind[kind.ordinal()], metrics.statements(kind), name(kind), annotation);
    }
  }

  private static void compare(
      List<String> broken, String how, int expected, long actual, String what, String annotation) {
    boolean wrong = how.equals("exactly") ? actual != expected : actual > expected;
    if (expected >= 0 && wrong) {
      broken.add(
          how
              + " "
              + expected
              + " "
              + what
              + " ("
              + annotation
              + "), but the test executed "
              + actual);
    }
  }

  private static String name(StatementKind kind) {
    return kind.name().toLowerCase(Locale.ROOT) + " statements";
  }

  private static <A extends Annotation> Optional<A> find(ExtensionContext context, Class<A> type) {
    return AnnotationSupport.findAnnotation(
            methodContext(context).flatMap(ExtensionContext::getTestMethod), type)
        .or(() -> AnnotationSupport.findAnnotation(context.getTestClass(), type));
  }

  /**
   * The context of the test method, or for a dynamic test that of the factory method it came from.
   */
  static Optional<ExtensionContext> methodContext(ExtensionContext context) {
    for (Optional<ExtensionContext> at = Optional.of(context);
        at.isPresent();
        at = at.get().getParent()) {
      if (at.get().getTestMethod().isPresent()) {
        return at;
      }
    }
    return Optional.empty();
  }
}
