package dev.dbit.internal.spring;

import java.util.Map;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Registers {@link RoutingDataSource} as the context's primary DataSource, named {@value
 * #BEAN_NAME}, and tells Spring Boot's test slices not to swap it for an embedded database ({@code
 * spring.test.database.replace=none}: {@code @DataJpaTest} and {@code @JdbcTest} would otherwise
 * put H2 in its place) nor to migrate it again ({@code spring.flyway.enabled=false}, {@code
 * spring.liquibase.enabled=false}: dbit built the copy from its migrated template), and gives
 * Hibernate its MariaDB dialect on MariaDB ({@link MariaDbDialect}). One customizer equals every
 * other, so contexts stay cached across dbit classes; the DataSource finds the right schema per
 * connection.
 */
final class DbitContextCustomizer implements ContextCustomizer {
  static final String BEAN_NAME = "dbitDataSource";

  static final String PROPERTY_SOURCE = "dbit";

  @Override
  public void customizeContext(
      ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(
            new MapPropertySource(
                PROPERTY_SOURCE,
                Map.of(
                    "spring.test.database.replace", "none",
                    // dbit migrated the template the copy came from; a second migration at
                    // context start would find no history table in the copy, or migrate twice.
                    "spring.flyway.enabled", "false",
                    "spring.liquibase.enabled", "false")));
    context.getEnvironment().getPropertySources().addLast(new MariaDbDialect());
    RootBeanDefinition dataSource =
        new RootBeanDefinition(RoutingDataSource.class, RoutingDataSource::new);
    dataSource.setPrimary(true);
    context.addBeanFactoryPostProcessor(new DataSourceCheck(configuration.getTestClass()));
    if (context instanceof BeanDefinitionRegistry registry) {
      registry.registerBeanDefinition(BEAN_NAME, dataSource);
    } else {
      context.getBeanFactory().registerSingleton(BEAN_NAME, new RoutingDataSource());
    }
  }

  @Override
  public boolean equals(Object other) {
    return other != null && other.getClass() == getClass();
  }

  @Override
  public int hashCode() {
    return getClass().hashCode();
  }
}
