package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/**
 * Which JUnit test kinds get a reset of their own: every {@code @Test}, every repetition of a
 * {@code @RepeatedTest} and every invocation of a {@code @ParameterizedTest} (a
 * {@code @TestTemplate}); the dynamic tests of a {@code @TestFactory} share one unless the factory
 * is marked {@link ResetEachDynamicTest}. Each test records how many customers it saw, then adds
 * one.
 */
class ResetGranularityTest {
  static final List<Long> SEEN = new CopyOnWriteArrayList<>();

  @Test
  void repetitionsAndInvocationsEachStartClean() {
    SEEN.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(TemplatesTestCase.class), 6);

    assertThat(SEEN).containsExactly(0L, 0L, 0L, 0L, 0L, 0L);
  }

  @Test
  void dynamicTestsShareTheirFactorysResetByDefault() {
    SEEN.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(SharedFactoryTestCase.class), 3);

    assertThat(SEEN).containsExactly(0L, 1L, 2L);
  }

  @Test
  void markedFactoriesGiveEachDynamicTestItsOwnResetMeasurementAndBudget() {
    SEEN.clear();
    EngineExecutionResults results = DbitTestKit.run(ResetEachTestCase.class);

    assertThat(SEEN).containsExactly(0L, 0L, 0L);
    List<Event> failed = results.testEvents().failed().list();
    assertThat(failed).hasSize(1);
    assertThat(failed.get(0).getTestDescriptor().getDisplayName()).isEqualTo("writes twice");
    assertThat(DbitTestKit.failure(failed.get(0)).getMessage())
        .startsWith(
            "expected at most 2 statements (@ExpectStatements(atMost = true)), but the test executed 3");
    // Every dynamic test was measured and reported on its own.
    assertThat(
            results.testEvents().reportingEntryPublished().stream()
                .filter(
                    e ->
                        e.getPayload(org.junit.platform.engine.reporting.ReportEntry.class)
                            .map(
                                entry ->
                                    entry.getKeyValuePairs().containsKey(ReportKeys.STATEMENTS))
                            .orElse(false))
                .map(e -> e.getTestDescriptor().getDisplayName())
                .toList())
        .containsExactly("first", "second", "writes twice");
  }

  static void seeThenAdd(DataSource db, int inserts) throws SQLException {
    try (Connection connection = db.getConnection();
        Statement statement = connection.createStatement()) {
      try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM customer")) {
        rows.next();
        SEEN.add(rows.getLong(1));
      }
      for (int i = 0; i < inserts; i++) {
        statement.executeUpdate(
            "INSERT INTO customer (email, full_name, country_code, language_code) VALUES ('"
                + System.nanoTime()
                + "@example.com', 'A', 'DE', 'de')");
      }
    }
  }

  @DbIntegrationTest
  static class TemplatesTestCase {
    @RepeatedTest(3)
    void repeated(DataSource db) throws SQLException {
      seeThenAdd(db, 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void parameterized(int ignored, DataSource db) throws SQLException {
      seeThenAdd(db, 1);
    }
  }

  @DbIntegrationTest
  static class SharedFactoryTestCase {
    @TestFactory
    Stream<DynamicTest> steps(DataSource db) {
      return IntStream.range(0, 3)
          .mapToObj(i -> DynamicTest.dynamicTest("step " + i, () -> seeThenAdd(db, 1)));
    }
  }

  @DbIntegrationTest
  static class ResetEachTestCase {
    @TestFactory
    @ResetEachDynamicTest
    @ExpectStatements(value = 2, atMost = true)
    Stream<DynamicTest> independent(DataSource db) {
      return Stream.of(
          DynamicTest.dynamicTest("first", () -> seeThenAdd(db, 1)),
          DynamicTest.dynamicTest("second", () -> seeThenAdd(db, 1)),
          DynamicTest.dynamicTest("writes twice", () -> seeThenAdd(db, 2)));
    }
  }
}
