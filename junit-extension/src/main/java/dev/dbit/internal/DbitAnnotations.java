package dev.dbit.internal;

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

  /** Whether {@code testClass} asks for AUTO_INCREMENT resets. */
  public static boolean resetsAutoIncrement(Class<?> testClass) {
    return find(testClass).map(DbIntegrationTest::resetAutoIncrement).orElse(false);
  }
}
