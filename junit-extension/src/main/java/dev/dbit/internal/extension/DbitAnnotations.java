package dev.dbit.internal.extension;

import dev.dbit.DbIntegrationTest;
import java.util.Optional;
import org.junit.platform.commons.support.AnnotationSupport;

/** Reads {@link DbIntegrationTest} from a test class or a class it is nested in. */
public final class DbitAnnotations {
  private DbitAnnotations() {}

  /** The annotation on {@code testClass} or the nearest class enclosing it. */
  public static Optional<DbIntegrationTest> find(Class<?> testClass) {
    for (Class<?> type = testClass; type != null; type = type.getEnclosingClass()) {
      Optional<DbIntegrationTest> annotation =
          AnnotationSupport.findAnnotation(type, DbIntegrationTest.class);
      if (annotation.isPresent()) {
        return annotation;
      }
    }
    return Optional.empty();
  }

  /** Whether {@code testClass}'s tests reset AUTO_INCREMENT counters; {@code key}: the key says. */
  public static boolean resetsAutoIncrement(Class<?> testClass, boolean key) {
    return switch (find(testClass)
        .map(DbIntegrationTest::resetAutoIncrement)
        .orElse(DbIntegrationTest.Toggle.DEFAULT)) {
      case ON -> true;
      case OFF -> false;
      case DEFAULT -> key;
    };
  }
}
