package dev.dbit.internal.extension;

import dev.dbit.ExpectStatements;
import dev.dbit.StatementKind;
import dev.dbit.TestMetrics;
import dev.dbit.internal.shape.ShapeLines;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** The {@link ExpectStatements} checks of one finished test. */
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
    for (ExpectStatements expected : find(context)) {
      compareAll(broken, expected, metrics);
    }
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

  private static void compareAll(
      List<String> broken, ExpectStatements expected, TestMetrics metrics) {
    int[] perKind = {
      expected.select(), expected.insert(), expected.update(), expected.delete(), expected.other()
    };
    compare(broken, expected, expected.value(), metrics.statements(), "statements");
    for (StatementKind kind : StatementKind.values()) {
      compare(broken, expected, perKind[kind.ordinal()], metrics.statements(kind), name(kind));
    }
  }

  /** {@code expected} of -1 is not checked. */
  private static void compare(
      List<String> broken, ExpectStatements how, int expected, long actual, String what) {
    boolean wrong = how.atMost() ? actual > expected : actual != expected;
    if (expected >= 0 && wrong) {
      broken.add(
          String.format(
              Locale.ROOT,
              "%s %d %s (@ExpectStatements%s), but the test executed %d",
              how.atMost() ? "at most" : "exactly",
              expected,
              what,
              how.atMost() ? "(atMost = true)" : "",
              actual));
    }
  }

  private static String name(StatementKind kind) {
    return kind.name().toLowerCase(Locale.ROOT) + " statements";
  }

  /** The method's expectations (for a dynamic test: its factory method's), or else the class's. */
  private static List<ExpectStatements> find(ExtensionContext context) {
    List<ExpectStatements> onMethod =
        AnnotationSupport.findRepeatableAnnotations(
            methodContext(context).flatMap(ExtensionContext::getTestMethod),
            ExpectStatements.class);
    return onMethod.isEmpty()
        ? AnnotationSupport.findRepeatableAnnotations(
            context.getTestClass(), ExpectStatements.class)
        : onMethod;
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
