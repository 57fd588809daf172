package dev.dbit.internal.spring;

import dev.dbit.internal.extension.DbitAnnotations;
import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;

/** Gives the application context of every {@code @DbIntegrationTest} class dbit's DataSource. */
public final class DbitContextCustomizerFactory implements ContextCustomizerFactory {
  @Override
  public ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
    return DbitAnnotations.find(testClass).isPresent() ? new DbitContextCustomizer() : null;
  }
}
