package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.annotation.Transactional;

/**
 * Spring's TestContext framework on a dbit class: the context's DataSource is dbit's test schema,
 * every statement through it is measured, Spring's test transaction sits inside dbit's reset and
 * measurement in either annotation order, caches do not outlive a reset, and a context cached
 * across classes running in parallel writes into the schema of the class that runs.
 */
class SpringTestContextTest {

  @Test
  void springsDataSourceIsTheTestSchemaAndEveryStatementIsMeasured() {
    EngineExecutionResults results = DbitTestKit.run(CountsSpringStatementsTestCase.class);

    DbitTestKit.assertAllSucceeded(results, 2);
    assertThat(
            results.testEvents().reportingEntryPublished().stream()
                .flatMap(e -> e.getPayload(ReportEntry.class).stream())
                .map(entry -> entry.getKeyValuePairs().get(ReportKeys.STATEMENTS))
                .filter(Objects::nonNull))
        .as("statements in each test's report")
        .containsExactly("3", "3");
  }

  @Test
  void springFirstTransactionRollsBackInsideDbitsMeasurement() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(SpringFirstTransactionalTestCase.class), 3);
  }

  @Test
  void dbitFirstTransactionRollsBackInsideDbitsMeasurement() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(DbitFirstTransactionalTestCase.class), 3);
  }

  @Test
  void cachesAreClearedAfterEachReset() {
    SpringShop.Customers.QUERIES.set(0);
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(CachedCountTestCase.class), 2);
  }

  @Test
  void cachesAreKeptWhenTheUserSaysSo() {
    SpringShop.Customers.QUERIES.set(0);
    EngineExecutionResults results =
        DbitTestKit.run(
            CachedCountTestCase.class, Map.of(DbIntegrationTest.SPRING_CLEAR_CACHES, "false"));

    assertThat(results.testEvents().failed().count()).isEqualTo(1);
    assertThat(DbitTestKit.failure(results.testEvents().failed().list().get(0)).getMessage())
        .contains("expected: 0")
        .contains("but was: 1");
  }

  @Test
  void aPrimaryDataSourceOfTheTestsOwnFailsTheContextNamingIt() {
    EngineExecutionResults results = DbitTestKit.run(OtherDataSourceTestCase.class);

    // The context starts before the class's setup (BEFORE_TEST_CLASS scripts): the class fails.
    assertThat(results.containerEvents().failed().count()).isEqualTo(1);
    Throwable failure = DbitTestKit.failure(results.containerEvents().failed().list().get(0));
    while (failure.getCause() != null) {
      failure = failure.getCause();
    }
    assertThat(failure.getMessage())
        .isEqualTo(
            "dbit: the application context of "
                + OtherDataSourceTestCase.class.getName()
                + " marks DataSource otherDataSource @Primary, so it would hand it out instead of"
                + " dbit's test schema (bean dbitDataSource). Drop @Primary from that bean in the"
                + " test's configuration, or leave the class without @DbIntegrationTest.");
  }

  /**
   * Fails before the container bean is created: no wait on Docker, the bean named with its method
   * and configuration class, for a static {@code @Bean} method too.
   */
  @ParameterizedTest
  @ValueSource(classes = {ContainerBeanTestCase.class, StaticContainerBeanTestCase.class})
  void aDatabaseContainerBeanFailsTheContextNamingIt(Class<?> testCase) {
    EngineExecutionResults results = DbitTestKit.run(testCase);

    // The context starts before the class's setup (BEFORE_TEST_CLASS scripts): the class fails.
    assertThat(results.containerEvents().failed().count()).isEqualTo(1);
    Throwable failure = DbitTestKit.failure(results.containerEvents().failed().list().get(0));
    while (failure.getCause() != null) {
      failure = failure.getCause();
    }
    assertThat(failure.getMessage())
        .startsWith(
            "dbit: the application context of "
                + testCase.getName()
                + " defines mysqlContainer (JdbcDatabaseContainer, @Bean mysqlContainer() of "
                + testCase.getAnnotation(SpringJUnitConfig.class).value()[0].getName()
                + "), a database container")
        .contains("Delete the container bean, field or @ServiceConnection");
  }

  @Test
  void rowsTheContextWritesWhileItStartsAreNamedNotSilentlyWiped() {
    List<String> warnings =
        warningsWhile(
            () -> DbitTestKit.assertAllSucceeded(DbitTestKit.run(SeededAtStartTestCase.class), 1));

    assertThat(warnings)
        .anySatisfy(
            warning ->
                assertThat(warning)
                    .startsWith(
                        "dbit: the application context of "
                            + SeededAtStartTestCase.class.getName()
                            + " wrote to customer of the test schema ")
                    .contains("Put seed data in a migration (dbit.migrations) or a script"));
  }

  @Test
  void aSecondDataSourceBesideDbitsIsNamed() {
    List<String> warnings =
        warningsWhile(
            () ->
                DbitTestKit.assertAllSucceeded(DbitTestKit.run(SecondDataSourceTestCase.class), 1));

    assertThat(warnings)
        .anySatisfy(
            warning ->
                assertThat(warning)
                    .matches(
                        "\\Qdbit: the application context of "
                            + SecondDataSourceTestCase.class.getName()
                            + " also holds reportingDataSource"
                            + " (org.springframework.jdbc.datasource.SimpleDriverDataSource) beside"
                            + " dbit's test schema \\Edbit_test_\\w+\\Q; what goes through it is"
                            + " neither reset nor measured by dbit.\\E"));
  }

  /** The warnings dbit logs while {@code run} runs. */
  private static List<String> warningsWhile(Runnable run) {
    List<String> warnings = new CopyOnWriteArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord log) {
            if (log.getLevel() == Level.WARNING) {
              warnings.add(log.getMessage());
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    Logger dbit = Logger.getLogger("dev.dbit");
    dbit.addHandler(handler);
    try {
      run.run();
    } finally {
      dbit.removeHandler(handler);
    }
    return warnings;
  }

  @Test
  void oneCachedContextServesClassesRunningInParallelEachOnItsOwnSchema() {
    CONTEXTS.clear();
    SCHEMAS.clear();
    BOTH_WROTE.reset();
    Map<String, String> parallel = new HashMap<>(ParallelClassesTest.CLASSES_CONCURRENT);

    EngineExecutionResults results =
        DbitTestKit.run(parallel, ParallelATestCase.class, ParallelBTestCase.class);

    DbitTestKit.assertAllSucceeded(results, 2);
    assertThat(CONTEXTS).as("one application context, cached").hasSize(1);
    assertThat(SCHEMAS).as("one schema per class").hasSize(2);
  }

  @DbIntegrationTest
  @SpringJUnitConfig(SpringShop.class)
  static class CountsSpringStatementsTestCase {
    @Autowired JdbcTemplate jdbc;

    @RepeatedTest(2)
    void writesThroughSpring(TestDatabase database) throws SQLException {
      assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class)).isZero();
      jdbc.update(SpringShop.INSERT_CUSTOMER);
      assertThat(jdbc.queryForObject("SELECT DATABASE()", String.class))
          .isEqualTo(database.schemaName());
      assertThat(database.metrics().statements()).isEqualTo(3);
    }
  }

  /** Spring's extension registered first: its transaction would otherwise outlive dbit's end. */
  @SpringJUnitConfig(SpringShop.class)
  @Transactional
  @DbIntegrationTest
  static class SpringFirstTransactionalTestCase {
    @Autowired JdbcTemplate jdbc;

    @RepeatedTest(3)
    void writesInsideTheTestTransaction(TestDatabase database) throws SQLException {
      SpringTestContextTest.writesInsideTheTestTransaction(jdbc, database);
    }
  }

  @DbIntegrationTest
  @SpringJUnitConfig(SpringShop.class)
  @Transactional
  static class DbitFirstTransactionalTestCase {
    @Autowired JdbcTemplate jdbc;

    @RepeatedTest(3)
    void writesInsideTheTestTransaction(TestDatabase database) throws SQLException {
      SpringTestContextTest.writesInsideTheTestTransaction(jdbc, database);
    }
  }

  static void writesInsideTheTestTransaction(JdbcTemplate jdbc, TestDatabase database)
      throws SQLException {
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class)).isZero();
    jdbc.update(SpringShop.INSERT_CUSTOMER);
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class)).isOne();
    // Another connection does not see the uncommitted row: the write is in Spring's transaction.
    try (Connection other = database.openConnection();
        var statement = other.createStatement();
        var rows = statement.executeQuery("SELECT COUNT(*) FROM customer")) {
      rows.next();
      assertThat(rows.getInt(1)).isZero();
    }
  }

  /** The first test caches a count of one; the second, after a reset, must count zero. */
  @DbIntegrationTest
  @SpringJUnitConfig(SpringShop.class)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class CachedCountTestCase {
    @Autowired JdbcTemplate jdbc;
    @Autowired SpringShop.Customers customers;

    @Test
    @Order(1)
    void cachesACountOfOne() {
      jdbc.update(SpringShop.INSERT_CUSTOMER);
      assertThat(customers.count()).isEqualTo(1);
    }

    @Test
    @Order(2)
    void countsZeroAfterTheReset() {
      assertThat(customers.count()).isEqualTo(0);
    }
  }

  /** A test configuration that puts a DataSource of its own above dbit's. */
  @Configuration
  @Import(SpringShop.class)
  static class OtherDataSourceConfig {
    @Bean
    @Primary
    DataSource otherDataSource() {
      return new SimpleDriverDataSource();
    }
  }

  @DbIntegrationTest
  @SpringJUnitConfig(OtherDataSourceConfig.class)
  static class OtherDataSourceTestCase {
    @Test
    void runsOnSomeOtherDatabase() {}
  }

  /** A test configuration kept from before dbit: a MySQL container as a bean (never started). */
  @Configuration
  @Import(SpringShop.class)
  static class ContainerBeanConfig {
    @Bean
    org.testcontainers.mysql.MySQLContainer mysqlContainer() {
      return new org.testcontainers.mysql.MySQLContainer("mysql:8.4");
    }
  }

  @DbIntegrationTest
  @SpringJUnitConfig(ContainerBeanConfig.class)
  static class ContainerBeanTestCase {
    @Test
    void wouldWaitOnDocker() {}
  }

  static class StaticContainerBeanConfig {
    @Bean
    static org.testcontainers.mysql.MySQLContainer mysqlContainer() {
      return new org.testcontainers.mysql.MySQLContainer("mysql:8.4");
    }
  }

  @DbIntegrationTest
  @SpringJUnitConfig(StaticContainerBeanConfig.class)
  static class StaticContainerBeanTestCase {
    @Test
    void wouldWaitOnDocker() {}
  }

  /** An application that writes a row while its context starts, as a seeder does. */
  @Configuration
  @Import(SpringShop.class)
  static class SeedingConfig {
    @Bean
    InitializingBean seeder(JdbcTemplate jdbc) {
      return () -> jdbc.update(SpringShop.INSERT_CUSTOMER);
    }
  }

  /** An application with a second, non-primary DataSource, as a reporting database would be. */
  @Configuration
  @Import(SpringShop.class)
  static class SecondDataSourceConfig {
    @Bean
    DataSource reportingDataSource() {
      return new SimpleDriverDataSource();
    }
  }

  @DbIntegrationTest
  @SpringJUnitConfig(SecondDataSourceConfig.class)
  static class SecondDataSourceTestCase {
    @Test
    void usesDbitsSchema(@Autowired JdbcTemplate jdbc, TestDatabase database) {
      assertThat(jdbc.queryForObject("SELECT DATABASE()", String.class))
          .isEqualTo(database.schemaName());
    }
  }

  @DbIntegrationTest
  @SpringJUnitConfig(SeedingConfig.class)
  static class SeededAtStartTestCase {
    @Test
    void startsWithoutTheSeedersRow(@Autowired JdbcTemplate jdbc) {
      assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class)).isZero();
    }
  }

  static final Set<Integer> CONTEXTS = ConcurrentHashMap.newKeySet();
  static final Set<String> SCHEMAS = ConcurrentHashMap.newKeySet();
  static final CyclicBarrier BOTH_WROTE = new CyclicBarrier(2);

  static void writesAndWaitsForTheOther(
      ApplicationContext context, JdbcTemplate jdbc, TestDatabase database) throws Exception {
    CONTEXTS.add(System.identityHashCode(context));
    jdbc.update(SpringShop.INSERT_CUSTOMER);
    BOTH_WROTE.await(60, TimeUnit.SECONDS);
    assertThat(jdbc.queryForObject("SELECT DATABASE()", String.class))
        .isEqualTo(database.schemaName());
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class)).isOne();
    SCHEMAS.add(database.schemaName());
  }

  @DbIntegrationTest
  @SpringJUnitConfig(SpringShop.class)
  static class ParallelATestCase {
    @Test
    void writesIntoItsOwnSchema(
        ApplicationContext context, @Autowired JdbcTemplate jdbc, TestDatabase database)
        throws Exception {
      writesAndWaitsForTheOther(context, jdbc, database);
    }
  }

  @DbIntegrationTest
  @SpringJUnitConfig(SpringShop.class)
  static class ParallelBTestCase {
    @Test
    void writesIntoItsOwnSchema(
        ApplicationContext context, @Autowired JdbcTemplate jdbc, TestDatabase database)
        throws Exception {
      writesAndWaitsForTheOther(context, jdbc, database);
    }
  }
}
