package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * JUnit parallel execution: classes that run at the same time get test schemas of their own and
 * never see each other's rows; methods of one class running concurrently are refused.
 */
class ParallelClassesTest {
  static final Map<String, String> CLASSES_CONCURRENT =
      Map.of(
          "junit.jupiter.execution.parallel.enabled", "true",
          "junit.jupiter.execution.parallel.mode.default", "same_thread",
          "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
          "junit.jupiter.execution.parallel.config.strategy", "fixed",
          "junit.jupiter.execution.parallel.config.fixed.parallelism", "2");

  /** Both classes write, then wait for each other before they look: they overlap for sure. */
  static final CyclicBarrier BOTH_WROTE = new CyclicBarrier(2);

  static final Set<String> SCHEMAS = ConcurrentHashMap.newKeySet();

  @Test
  void classesRunningAtTheSameTimeNeverSeeEachOthersRows() {
    SCHEMAS.clear();
    BOTH_WROTE.reset();

    EngineExecutionResults results =
        DbitTestKit.run(CLASSES_CONCURRENT, WritesA.class, WritesB.class);

    DbitTestKit.assertAllSucceeded(results, 4);
    assertThat(SCHEMAS).as("one schema per class running at once").hasSize(2);
  }

  @Test
  void methodsOfOneClassRunningConcurrentlyAreRefused() {
    Map<String, String> methodsConcurrent = new java.util.HashMap<>(CLASSES_CONCURRENT);
    methodsConcurrent.put("junit.jupiter.execution.parallel.mode.default", "concurrent");

    EngineExecutionResults results = DbitTestKit.run(methodsConcurrent, TwoMethods.class);

    List<Throwable> failures =
        results.testEvents().failed().stream().map(DbitTestKit::failure).toList();
    assertThat(failures).hasSize(2);
    assertThat(failures)
        .allSatisfy(
            failure ->
                assertThat(failure)
                    .isInstanceOf(ExtensionConfigurationException.class)
                    .hasMessageStartingWith(
                        "dbit: the tests of " + TwoMethods.class.getName() + " run concurrently")
                    .hasMessageContaining("@Execution(ExecutionMode.SAME_THREAD)"));
  }

  static List<String> categories(DataSource dataSource) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT name FROM product_category")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }

  static void writeWaitAndLook(DataSource dataSource, TestDatabase database, String name)
      throws Exception {
    SCHEMAS.add(database.schemaName());
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate(
          "INSERT INTO product_category (name, slug) VALUES ('" + name + "', '" + name + "')");
    }
    BOTH_WROTE.await(30, TimeUnit.SECONDS);
    assertThat(categories(dataSource)).containsExactly(name);
  }

  /** No method order: its methods may run concurrently when the configuration says so. */
  @DbIntegrationTest
  static class TwoMethods {
    @Test
    void one(DataSource dataSource) throws SQLException {
      categories(dataSource);
    }

    @Test
    void two(DataSource dataSource) throws SQLException {
      categories(dataSource);
    }
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class WritesA {
    @Test
    @Order(1)
    void writesWaitsAndSeesOnlyItsOwnRows(DataSource dataSource, TestDatabase database)
        throws Exception {
      writeWaitAndLook(dataSource, database, "A");
    }

    @Test
    @Order(2)
    void startsClean(DataSource dataSource) throws SQLException {
      assertThat(categories(dataSource)).isEmpty();
    }
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class WritesB {
    @Test
    @Order(1)
    void writesWaitsAndSeesOnlyItsOwnRows(DataSource dataSource, TestDatabase database)
        throws Exception {
      writeWaitAndLook(dataSource, database, "B");
    }

    @Test
    @Order(2)
    void startsClean(DataSource dataSource) throws SQLException {
      assertThat(categories(dataSource)).isEmpty();
    }
  }
}
