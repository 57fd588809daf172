package dev.dbit.internal.extension;

import dev.dbit.ExpectMaxStatements;
import dev.dbit.TestMetrics;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** The {@link ExpectMaxStatements} check of one finished test. */
final class StatementBudget {
  private StatementBudget() {}

  /**
   * The check, from the method (for a dynamic test: its factory method) or else the class; empty
   * when within budget or none set.
   */
  static Optional<AssertionError> check(ExtensionContext context, TestMetrics metrics) {
    Optional<ExpectMaxStatements> limit =
        AnnotationSupport.findAnnotation(
                methodContext(context).flatMap(ExtensionContext::getTestMethod),
                ExpectMaxStatements.class)
            .or(
                () ->
                    AnnotationSupport.findAnnotation(
                        context.getTestClass(), ExpectMaxStatements.class));
    if (limit.isEmpty() || metrics.statements() <= limit.get().value()) {
      return Optional.empty();
    }
    return Optional.of(
        new AssertionError(
            String.format(
                Locale.ROOT,
                "expected at most %d statements (@ExpectMaxStatements), but the test executed %d"
                    + " (JDBC wait %.2f ms, server SQL %s, server Questions %s)",
                limit.get().value(),
                metrics.statements(),
                metrics.jdbcMillis(),
                metrics.serverSqlMillis().isPresent()
                    ? String.format(Locale.ROOT, "%.2f ms", metrics.serverSqlMillis().getAsDouble())
                    : "n/a",
                metrics.questions().isPresent() ? "+" + metrics.questions().getAsLong() : "n/a")));
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
