package dev.dbit.internal.extension;

import java.lang.annotation.Annotation;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * What JUnit's parallel execution may not do to dbit classes, refused before it happens: run the
 * methods of one class at the same time (they share its schema), or run a class that serves
 * requests on a port of its own ({@code @SpringBootTest} with {@code RANDOM_PORT} or {@code
 * DEFINED_PORT}) beside others: the server's threads belong to no test class, and with two dbit
 * classes running dbit cannot tell whose schema they mean (without this, the first request fails
 * later with an HTTP 500 and the reason only in the server's log).
 */
final class ParallelChecks {
  static final String SPRING_BOOT_TEST = "org.springframework.boot.test.context.SpringBootTest";
  static final String PARALLEL_ENABLED = "junit.jupiter.execution.parallel.enabled";
  static final String CLASSES_MODE = "junit.jupiter.execution.parallel.mode.classes.default";
  static final String DEFAULT_MODE = "junit.jupiter.execution.parallel.mode.default";

  private ParallelChecks() {}

  /** Fails a class with a web server on a port that may run beside other classes. */
  static void webServer(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    Optional<String> port = webEnvironmentOnAPort(testClass);
    if (port.isEmpty()
        || !classesMayRunConcurrently(context)
        || AnnotationSupport.isAnnotated(testClass, Isolated.class)) {
      return;
    }
    throw new ExtensionConfigurationException(
        "dbit: "
            + testClass.getName()
            + " starts a web server on a port (@SpringBootTest(webEnvironment = "
            + port.get()
            + ")) while JUnit runs test classes in parallel ("
            + CLASSES_MODE
            + "=concurrent). The server's threads serve requests for no test class, and with"
            + " several dbit classes running dbit cannot tell whose schema they mean: the requests"
            + " would fail with HTTP 500. Annotate the class with JUnit's @Isolated"
            + " (org.junit.jupiter.api.parallel.Isolated) so that it runs alone.");
  }

  /**
   * Fails a test whose class's methods run at the same time: they share one test schema. Classes
   * may, each with a schema of its own.
   */
  static void methods(ExtensionContext context) {
    if (enabled(context) && context.getExecutionMode() == ExecutionMode.CONCURRENT) {
      throw new ExtensionConfigurationException(
          "dbit: the tests of "
              + context.getRequiredTestClass().getName()
              + " run concurrently with each other, but they share one test schema and would see"
              + " each other's rows. Run classes in parallel, not the methods of one class: set"
              + " junit.jupiter.execution.parallel.mode.default=same_thread and"
              + " junit.jupiter.execution.parallel.mode.classes.default=concurrent, or annotate"
              + " the class with @Execution(ExecutionMode.SAME_THREAD). dbit gives every class"
              + " running at the same time a schema of its own.");
    }
  }

  private static boolean enabled(ExtensionContext context) {
    return context
        .getConfigurationParameter(PARALLEL_ENABLED)
        .map(v -> v.trim().equalsIgnoreCase("true"))
        .orElse(false);
  }

  /** Whether JUnit may run this class beside others (its configuration, not the run's luck). */
  static boolean classesMayRunConcurrently(ExtensionContext context) {
    boolean enabled = enabled(context);
    String mode =
        context
            .getConfigurationParameter(CLASSES_MODE)
            .or(() -> context.getConfigurationParameter(DEFAULT_MODE))
            .orElse("same_thread");
    return enabled && mode.trim().toLowerCase(Locale.ROOT).equals("concurrent");
  }

  /** {@code RANDOM_PORT} or {@code DEFINED_PORT} of a {@code @SpringBootTest}, also as a meta. */
  static Optional<String> webEnvironmentOnAPort(Class<?> testClass) {
    return find(testClass.getAnnotations(), new HashSet<>())
        .flatMap(ParallelChecks::webEnvironment)
        .filter(mode -> mode.endsWith("_PORT"));
  }

  private static Optional<Annotation> find(Annotation[] annotations, Set<Class<?>> seen) {
    for (Annotation annotation : annotations) {
      Class<? extends Annotation> type = annotation.annotationType();
      if (type.getName().equals(SPRING_BOOT_TEST)) {
        return Optional.of(annotation);
      }
      if (seen.add(type) && !type.getName().startsWith("java.")) {
        Optional<Annotation> meta = find(type.getAnnotations(), seen);
        if (meta.isPresent()) {
          return meta;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> webEnvironment(Annotation springBootTest) {
    try {
      Object mode =
          springBootTest.annotationType().getMethod("webEnvironment").invoke(springBootTest);
      return Optional.of(((Enum<?>) mode).name());
    } catch (ReflectiveOperationException | ClassCastException e) {
      return Optional.empty();
    }
  }
}
