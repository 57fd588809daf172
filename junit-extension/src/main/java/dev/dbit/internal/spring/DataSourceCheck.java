package dev.dbit.internal.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * Fails the context before any bean is created when dbit's DataSource would not be the one it hands
 * out: replaced by a test slice's embedded database, outranked by another {@code @Primary}
 * DataSource, or joined by a database container the application's tests used before dbit. Each
 * would let the tests pass on, or wait for, a database dbit neither resets nor measures.
 */
final class DataSourceCheck implements BeanFactoryPostProcessor {
  /** Types whose beans bring a database of their own (Testcontainers; Spring Boot 4 and 3). */
  private static final List<String> COMPETING_TYPES =
      List.of(
          "org.testcontainers.containers.JdbcDatabaseContainer",
          "org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails",
          "org.springframework.boot.autoconfigure.jdbc.JdbcConnectionDetails");

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
    List<String> containers = databaseContainerBeans(beans);
    if (!containers.isEmpty()) {
      throw new ExtensionConfigurationException(
          "dbit: the application context of "
              + testClass
              + " defines "
              + String.join(", ", containers)
              + activeProfiles(beans)
              + ", a database container or its connection details (Testcontainers,"
              + " @ServiceConnection): it would start a second database beside dbit's and wait on"
              + " Docker for nothing, as the tests run on dbit's schema (bean "
              + ours
              + "). Delete the container bean, field or @ServiceConnection, and the configuration"
              + " or profile that brings it in, for this class (docs/spring.md, \"Moving from"
              + " Testcontainers\").");
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

  /**
   * Beans of a Testcontainers JDBC container type, or Spring Boot's JDBC connection details (what a
   * {@code @ServiceConnection} field or bean registers), found by type without creating any.
   */
  private static List<String> databaseContainerBeans(ConfigurableListableBeanFactory beans) {
    List<String> found = new ArrayList<>();
    for (String typeName : COMPETING_TYPES) {
      Class<?> type = loadable(typeName, beans.getBeanClassLoader());
      if (type != null) {
        for (String name : beans.getBeanNamesForType(type, true, false)) {
          found.add(name + " (" + type.getSimpleName() + origin(beans, name) + ")");
        }
      }
    }
    return found;
  }

  /** Where bean {@code name} comes from: its {@code @Bean} method and class, when it has one. */
  private static String origin(ConfigurableListableBeanFactory beans, String name) {
    if (!beans.containsBeanDefinition(name)) {
      return "";
    }
    BeanDefinition definition = beans.getBeanDefinition(name);
    String factory = definition.getFactoryBeanName();
    // A static @Bean method has no factory bean: its definition names the declaring class.
    String owner = factory == null ? definition.getBeanClassName() : factory;
    if (factory != null && beans.containsBeanDefinition(factory)) {
      owner =
          Optional.ofNullable(beans.getBeanDefinition(factory).getBeanClassName()).orElse(owner);
    }
    if (owner == null || definition.getFactoryMethodName() == null) {
      return "";
    }
    // A @Configuration class is named by its CGLIB subclass (Name$$SpringCGLIB$$0): name the class.
    return ", @Bean " + definition.getFactoryMethodName() + "() of " + owner.split("\\$\\$")[0];
  }

  /** The context's active profiles, as a clause; empty without any. */
  private static String activeProfiles(ConfigurableListableBeanFactory beans) {
    String name = ConfigurableApplicationContext.ENVIRONMENT_BEAN_NAME;
    if (beans.containsSingleton(name)
        && beans.getSingleton(name) instanceof Environment environment
        && environment.getActiveProfiles().length > 0) {
      return " under the active profiles " + String.join(", ", environment.getActiveProfiles());
    }
    return "";
  }

  private static Class<?> loadable(String name, ClassLoader classLoader) {
    try {
      return Class.forName(name, false, classLoader);
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }
}
