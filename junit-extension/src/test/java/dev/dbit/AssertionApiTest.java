package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Tests can pin their own database behaviour, from the server's point of view. */
class AssertionApiTest {

  @Test
  void aTestOverItsStatementBudgetFailsWithTheNumbers() {
    EngineExecutionResults results = DbitTestKit.run(BudgetTestCase.class);

    List<Throwable> failures =
        results.testEvents().failed().stream()
            .map(DbitTestKit::failure)
            .collect(Collectors.toList());
    assertThat(failures).singleElement().isInstanceOf(AssertionError.class);
    assertThat(failures.get(0).getMessage())
        .matches(
            "expected at most 2 statements \\(@ExpectStatements\\(atMost = true\\)\\), but the test executed 3 \\(JDBC"
                + " wait [0-9]+\\.[0-9]{2} ms, server SQL [0-9]+\\.[0-9]{2} ms, server Questions \\+[0-9]+\\)"
                + "\\RWhat ran, by kind: select=[0-9]+ insert=[0-9]+ .*(?s:.*)");
    assertThat(results.testEvents().succeeded().count()).isEqualTo(2);
  }

  @Test
  void metricsSoFarCountTheRunningTestOnly() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(MetricsTestCase.class), 1);
  }

  @Test
  void metricsOutsideATestMethodSayWhy() {
    EngineExecutionResults results = DbitTestKit.run(MetricsTooEarlyTestCase.class);

    assertThat(DbitTestKit.failure(results.containerEvents().failed().list().get(0)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("dbit: TestDatabase.metrics() measures the running test; call it inside one");
  }

  static void insert(DataSource dataSource, int rows) throws SQLException {
    insert(dataSource, rows, "tag-");
  }

  static void insert(DataSource dataSource, int rows, String prefix) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      for (int i = 0; i < rows; i++) {
        statement.executeUpdate("INSERT INTO product_tag (name) VALUES ('" + prefix + i + "')");
      }
    }
  }

  @DbIntegrationTest
  @ExpectStatements(value = 2, atMost = true)
  static class BudgetTestCase {
    @Test
    void staysWithinTheClassBudget(DataSource dataSource) throws SQLException {
      insert(dataSource, 2);
    }

    @Test
    void goesOverTheClassBudget(DataSource dataSource) throws SQLException {
      insert(dataSource, 3);
    }

    @Test
    @ExpectStatements(value = 5, atMost = true)
    void hasItsOwnLargerBudget(DataSource dataSource) throws SQLException {
      insert(dataSource, 5);
    }
  }

  @DbIntegrationTest
  static class MetricsTestCase {
    @BeforeEach
    void setUp(DataSource dataSource) throws SQLException {
      insert(dataSource, 4);
    }

    @Test
    void seesItsOwnStatements(DataSource dataSource, TestDatabase database) throws SQLException {
      insert(dataSource, 2, "in-test-");
      TestMetrics metrics = database.metrics();

      // The test's own @BeforeEach counts: it is part of the test.
      assertThat(metrics.statements()).isEqualTo(6);
      assertThat(metrics.questions().getAsLong()).isGreaterThanOrEqualTo(6);
      assertThat(metrics.serverSqlMillis()).isPresent();
      assertThat(metrics.jdbcMillis()).isPositive();
    }
  }

  @DbIntegrationTest
  static class MetricsTooEarlyTestCase {
    @BeforeAll
    static void tooEarly(TestDatabase database) throws SQLException {
      database.metrics();
    }

    @Test
    void neverRuns() {}
  }
}
