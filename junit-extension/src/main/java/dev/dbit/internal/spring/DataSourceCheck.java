package dev.dbit.internal.spring;

import dev.dbit.internal.RoutingDataSource;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Fails the context before any bean is created when dbit's DataSource would not be the one it hands
 * out: replaced by a test slice's embedded database, or outranked by another {@code @Primary}
 * DataSource. Either would let the tests pass on a database dbit neither resets nor measures.
 */
final class DataSourceCheck implements BeanFactoryPostProcessor {
  private final String testClass;

  DataSourceCheck(Class<?> testClass) {
    this.testClass = testClass.getName();
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beans) {
    String ours = DbitContextCustomizer.BEAN_NAME;
    BeanDefinition definition = beans.getBeanDefinition(ours);
    if (!RoutingDataSource.class.getName().equals(definition.getBeanClassName())) {
      throw new ExtensionConfigurationException(
          "dbit: the application context of "
              + testClass
              + " replaced dbit's DataSource (bean "
              + ours
              + ") with "
              + definition.getBeanClassName()
              + ": the tests would run on a database dbit neither resets nor measures. Remove"
              + " @AutoConfigureTestDatabase(replace = ...) or set it to Replace.NONE.");
    }
    List<String> primaries = new ArrayList<>();
    for (String name : beans.getBeanNamesForType(DataSource.class, true, false)) {
      if (!name.equals(ours) && beans.getBeanDefinition(name).isPrimary()) {
        primaries.add(name);
      }
    }
    if (!primaries.isEmpty()) {
      throw new ExtensionConfigurationException(
          "dbit: the application context of "
              + testClass
              + " marks DataSource "
              + String.join(", ", primaries)
              + " @Primary, so it would hand "
              + (primaries.size() == 1 ? "it" : "them")
              + " out instead of dbit's test schema (bean "
              + ours
              + "). Drop @Primary from "
              + (primaries.size() == 1 ? "that bean" : "those beans")
              + " in the test's configuration, or leave the class without @DbIntegrationTest.");
    }
  }
}
