package dev.dbit.internal.extension;

import dev.dbit.AcceptNPlusOne;
import dev.dbit.StatementKind;
import dev.dbit.StatementShape;
import dev.dbit.TestMetrics;
import dev.dbit.internal.config.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Likely N+1s of one finished test: select shapes it ran at least {@value #THRESHOLD} times with
 * different values, less those an {@link AcceptNPlusOne} on the test or its class accepts. Writes
 * repeated in a loop are left out: tests set up their rows that way, and {@link
 * dev.dbit.ExpectStatements} bounds them where it matters.
 */
final class RepeatCheck {
  /** Fewest executions with different values that make a select shape a likely N+1. */
  static final int THRESHOLD = 10;

  private RepeatCheck() {}

  /** The report of the test's repeats; empty when it has none or repeats are off. */
  static Optional<String> find(ExtensionContext context, TestMetrics metrics, Mode mode) {
    if (mode == Mode.OFF) {
      return Optional.empty();
    }
    List<AcceptNPlusOne> accepted = accepted(context);
    List<StatementShape> repeated =
        metrics.shapes().stream()
            .filter(shape -> shape.kind() == StatementKind.SELECT)
            .filter(shape -> shape.distinctValues() >= THRESHOLD)
            .filter(shape -> accepted.stream().noneMatch(a -> accepts(a, shape)))
            .collect(Collectors.toList());
    return repeated.isEmpty() ? Optional.empty() : Optional.of(describe(repeated));
  }

  static boolean accepts(AcceptNPlusOne accept, StatementShape shape) {
    return shape.count() <= accept.atMost() && normal(shape.sql()).contains(normal(accept.value()));
  }

  private static String normal(String text) {
    return text.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }

  private static List<AcceptNPlusOne> accepted(ExtensionContext context) {
    List<AcceptNPlusOne> accepted = new ArrayList<>();
    StatementBudget.methodContext(context)
        .flatMap(ExtensionContext::getTestMethod)
        .ifPresent(
            m ->
                accepted.addAll(
                    AnnotationSupport.findRepeatableAnnotations(m, AcceptNPlusOne.class)));
    context
        .getTestClass()
        .ifPresent(
            c ->
                accepted.addAll(
                    AnnotationSupport.findRepeatableAnnotations(c, AcceptNPlusOne.class)));
    return accepted;
  }

  static String describe(List<StatementShape> repeated) {
    StringBuilder text =
        new StringBuilder(
            repeated.size() == 1
                ? "likely N+1: one select shape ran with "
                : "likely N+1: " + repeated.size() + " select shapes ran each with ");
    text.append("at least ").append(THRESHOLD).append(" different values in this test:");
    for (StatementShape shape : repeated) {
      text.append(
          String.format(
              Locale.ROOT,
              "%n  %5d x  %s  (%d different values, %.2f ms in JDBC)",
              shape.count(),
              shape.sql(),
              shape.distinctValues(),
              shape.jdbcMillis()));
    }
    return text.append(
            String.format(
                "%nLoad those rows with one statement: a join, or one IN-list fetch (... in (?, ?,"
                    + " ...)); with JPA, a fetch join (join fetch, @EntityGraph) or a batch size"
                    + " (@BatchSize, hibernate.default_batch_fetch_size). A known one:"
                    + " @AcceptNPlusOne(\"<part of the shape>\") on the test or its class;"
                    + " dbit.n-plus-one.mode=warn|fail|off."))
        .toString();
  }
}
