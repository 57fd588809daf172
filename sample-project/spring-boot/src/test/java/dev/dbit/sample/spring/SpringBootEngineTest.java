package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.dbit.DbIntegrationTest;
import dev.dbit.ReportKeys;
import dev.dbit.TestDatabase;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.JdbcTest;
import dev.dbit.sample.spring.testcontainers.MySqlContainerConfig;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The problems a Boot team met before dbit knew Spring, run through the JUnit Platform on what
 * Spring Boot 4 brings (H2 on the class path, {@code @DataJpaTest} or {@code @JdbcTest} above
 * {@code @DbIntegrationTest}, their rollback transactions): the slice runs on dbit's schema, not
 * H2; every test's statements are measured; Spring's transaction is never taken for a leak; a
 * web test on a port that could run beside other classes fails before its server starts.
 */
class SpringBootEngineTest {

  @Test
  void aDataJpaTestAboveDbitRunsOnDbitsSchemaMeasuredAndWithoutLeaks() {
    assertRunsMeasuredOnDbitsSchema(JpaSliceTestCase.class);
  }

  @Test
  void aJdbcTestAboveDbitRunsOnDbitsSchemaMeasuredAndWithoutLeaks() {
    assertRunsMeasuredOnDbitsSchema(JdbcSliceTestCase.class);
  }

  /**
   * A web test on a random port, not {@code @Isolated}, in a run with parallel classes: its class
   * fails before its server starts, with the advice, instead of an HTTP 500 later.
   */
  @Test
  void aWebTestOnAPortInParallelClassesFailsUpFrontWithTheIsolatedAdvice() {
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(ParallelWebTestCase.class))
            .enableImplicitConfigurationParameters(false)
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter(
                "junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
            .execute();

    assertThat(results.testEvents().started().count()).isZero();
    Throwable failure =
        results.containerEvents().failed().list().get(0)
            .getRequiredPayload(TestExecutionResult.class)
            .getThrowable()
            .orElseThrow();
    assertThat(failure.getMessage())
        .startsWith(
            "dbit: "
                + ParallelWebTestCase.class.getName()
                + " starts a web server on a port (@SpringBootTest(webEnvironment = RANDOM_PORT))"
                + " while JUnit runs test classes in parallel")
        .endsWith(
            "Annotate the class with JUnit's @Isolated (org.junit.jupiter.api.parallel.Isolated)"
                + " so that it runs alone.");
  }

  /**
   * A dbit class that still activates the application's Testcontainers profile: its context fails
   * before the container bean exists (no wait on Docker), naming the bean.
   */
  @Test
  void aContainerBeanFromTheApplicationsTestProfileFailsTheContextNamingIt() {
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(StillOnTheMySqlProfileTestCase.class))
            .enableImplicitConfigurationParameters(false)
            .execute();

    // The context starts before the class's setup (BEFORE_TEST_CLASS scripts): the class fails.
    Throwable failure =
        results.containerEvents().failed().list().get(0)
            .getRequiredPayload(TestExecutionResult.class)
            .getThrowable()
            .orElseThrow();
    while (failure.getCause() != null) {
      failure = failure.getCause();
    }
    assertThat(failure.getMessage())
        .startsWith(
            "dbit: the application context of "
                + StillOnTheMySqlProfileTestCase.class.getName()
                + " defines mysql (JdbcDatabaseContainer, @Bean mysql() of "
                + MySqlContainerConfig.class.getName()
                + ")")
        .contains(" under the active profiles mysql, a database container")
        .contains("Moving from Testcontainers");
  }

  /**
   * The lazy collection read in a loop fails in {@code fail} mode, naming the query that ran once
   * per order; the fetch join beside it passes.
   */
  @Test
  void aLazyCollectionReadInALoopFailsAsALikelyNPlusOneInFailMode() {
    EngineTestKit.Builder kit =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(OrderHistoryTest.class))
            .enableImplicitConfigurationParameters(false)
            .configurationParameter("dbit.n-plus-one.mode", "fail");
    System.getProperties().stringPropertyNames().stream()
        .filter(key -> key.startsWith("dbit.") && !key.startsWith("dbit.repeats"))
        .forEach(key -> kit.configurationParameter(key, System.getProperty(key)));
    EngineExecutionResults results = kit.execute();

    assertThat(results.testEvents().succeeded().list())
        .extracting(e -> e.getTestDescriptor().getDisplayName())
        .containsExactly("sumsTheItemsFromOneFetchJoin()");
    Throwable failure =
        results.testEvents().failed().list().get(0)
            .getRequiredPayload(TestExecutionResult.class)
            .getThrowable()
            .orElseThrow();
    assertThat(failure.getMessage())
        .startsWith("likely N+1: one select shape ran with at least 10 different values")
        .containsPattern("12 x  select .* from order_line .* where .*order_id ?= ?\\?")
        .contains("join fetch");
  }

  @SpringBootTest
  @ActiveProfiles("mysql")
  @Import(MySqlContainerConfig.class)
  @DbIntegrationTest
  static class StillOnTheMySqlProfileTestCase {
    @Test
    void wouldWaitForDocker() {}
  }

  @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
  @DbIntegrationTest
  static class ParallelWebTestCase {
    @Test
    void wouldAnswer500() {}
  }

  /** All three tests of {@code testCase} pass, each with statements dbit counted. */
  private static void assertRunsMeasuredOnDbitsSchema(Class<?> testCase) {
    EngineTestKit.Builder kit =
        EngineTestKit.engine("junit-jupiter")
            .selectors(selectClass(testCase))
            .enableImplicitConfigurationParameters(false);
    // The build's dbit settings (the profile's provider, -Ddbit.url), nothing else.
    System.getProperties().stringPropertyNames().stream()
        .filter(key -> key.startsWith("dbit."))
        .forEach(key -> kit.configurationParameter(key, System.getProperty(key)));
    EngineExecutionResults results = kit.execute();

    // Containers too: a class that fails before its tests (its server did not start) runs none.
    assertThat(results.allEvents().failed().list()).as("failed tests or classes").isEmpty();
    assertThat(results.testEvents().succeeded().count()).isEqualTo(3);
    List<String> statements =
        results.testEvents().reportingEntryPublished().stream()
            .flatMap(e -> e.getPayload(ReportEntry.class).stream())
            .map(entry -> entry.getKeyValuePairs().get(ReportKeys.STATEMENTS))
            .filter(Objects::nonNull)
            .toList();
    assertThat(statements).hasSize(3).allSatisfy(n -> assertThat(Long.parseLong(n)).isPositive());
  }

  @JdbcTest
  @DbIntegrationTest
  static class JdbcSliceTestCase {
    @Autowired JdbcTemplate jdbc;

    @RepeatedTest(3)
    void insertsInsideTheRolledBackTransaction(TestDatabase database) {
      assertThat(jdbc.queryForObject("SELECT DATABASE()", String.class))
          .isEqualTo(database.schemaName());
      assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class)).isZero();
      jdbc.update(
          "INSERT INTO customer (email, name, country_code) VALUES ('kai@example.com', 'Kai', 'FR')");
      assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class)).isOne();
    }
  }

  @DataJpaTest
  @DbIntegrationTest
  static class JpaSliceTestCase {
    @Autowired CustomerRepository customers;
    @Autowired JdbcTemplate jdbc;

    @RepeatedTest(3)
    void savesInsideTheRolledBackTransaction(TestDatabase database) {
      assertThat(jdbc.queryForObject("SELECT DATABASE()", String.class))
          .isEqualTo(database.schemaName());
      assertThat(customers.count()).isZero();
      customers.saveAndFlush(new Customer("lin@example.com", "Lin", "IT"));
      assertThat(customers.count()).isOne();
    }
  }
}
