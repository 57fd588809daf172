package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Statements by kind and shape, likely N+1s and expectations by kind, through the JUnit Platform on
 * the embedded server: the loop that loads one brand per tag is reported, the join is not.
 */
class StatementShapesTest {
  private static final String LOOKUP_SHAPE = "select name from brand where id = ?";

  private static Map<String, String> testEntries(EngineExecutionResults results) {
    return results.testEvents().reportingEntryPublished().stream()
        .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
        .filter(entries -> entries.containsKey(ReportKeys.WALL_MS))
        .findFirst()
        .orElseThrow();
  }

  private static Map<String, String> onSmallShop(String... keysAndValues) {
    return TransportStallTest.onSmallShop(keysAndValues);
  }

  @Test
  void aLoopOfLookupsIsReportedAsALikelyNPlusOneWithTheShapeAndTheFixes() {
    EngineExecutionResults results = DbitTestKit.run(LoopTestCase.class, onSmallShop());

    DbitTestKit.assertAllSucceeded(results, 1);
    Map<String, String> entries = testEntries(results);
    assertThat(entries.get(ReportKeys.STATEMENT_KINDS))
        .isEqualTo("select=12 insert=1 update=0 delete=0 other=0");
    assertThat(entries.get(ReportKeys.SHAPES).split("\n")[0])
        .startsWith("12\t12\tselect\t")
        .endsWith("\t" + LOOKUP_SHAPE);
    assertThat(entries.get(ReportKeys.N_PLUS_ONE))
        .startsWith("likely N+1: one select shape ran with at least 10 different values")
        .contains("12 x  " + LOOKUP_SHAPE)
        .contains("join fetch");
  }

  @Test
  void writesInALoopAreNotReported() {
    EngineExecutionResults results =
        DbitTestKit.run(InsertLoopTestCase.class, onSmallShop("dbit.n-plus-one.mode", "fail"));

    DbitTestKit.assertAllSucceeded(results, 1);
    assertThat(testEntries(results).get(ReportKeys.STATEMENT_KINDS))
        .startsWith("select=0 insert=12");
  }

  @Test
  void theSameRowsLoadedByOneJoinAreNotReported() {
    EngineExecutionResults results = DbitTestKit.run(JoinTestCase.class, onSmallShop());

    DbitTestKit.assertAllSucceeded(results, 1);
    assertThat(testEntries(results)).doesNotContainKey(ReportKeys.N_PLUS_ONE);
  }

  @Test
  void inFailModeTheLoopFailsTheTestNamingTheShape() {
    EngineExecutionResults results =
        DbitTestKit.run(LoopTestCase.class, onSmallShop("dbit.n-plus-one.mode", "fail"));

    List<Throwable> failures =
        results.testEvents().failed().stream()
            .map(DbitTestKit::failure)
            .collect(Collectors.toList());
    assertThat(failures).hasSize(1);
    assertThat(failures.get(0))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("likely N+1")
        .hasMessageContaining(LOOKUP_SHAPE);
  }

  @Test
  void anAcceptedRepeatIsNotReportedButOneBeyondItsLimitIs() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(AcceptedTestCase.class, onSmallShop("dbit.n-plus-one.mode", "fail")), 1);

    EngineExecutionResults beyond =
        DbitTestKit.run(
            AcceptedUpToFiveTestCase.class, onSmallShop("dbit.n-plus-one.mode", "fail"));
    assertThat(beyond.testEvents().failed().count()).isEqualTo(1);
  }

  @Test
  void expectationsByKindFailListingWhatRan() {
    EngineExecutionResults results = DbitTestKit.run(ExpectationsTestCase.class, onSmallShop());

    Map<String, String> failures =
        results.testEvents().failed().stream()
            .collect(
                Collectors.toMap(
                    e -> e.getTestDescriptor().getDisplayName(),
                    e -> DbitTestKit.failure(e).getMessage()));
    // Printed so that CI logs show what a developer would see.
    failures.values().forEach(System.out::println);
    assertThat(results.testEvents().succeeded().count()).isEqualTo(1);
    assertThat(failures.get("missesBothAnExactCountAndAMaximum(DataSource)"))
        .startsWith(
            "expected exactly 1 insert statements (@ExpectStatements), but the test executed 0;"
                + " expected at most 2 statements (@ExpectStatements(atMost = true)), but the test"
                + " executed 3 (");
    assertThat(failures.get("claimsAnUpdateButOnlyReads(DataSource)"))
        .startsWith(
            "expected exactly 1 update statements (@ExpectStatements), but the test executed 0 (")
        .contains("What ran, by kind: select=2 insert=0 update=0 delete=0 other=0")
        .contains("2 x  select count(*) from brand");
    assertThat(failures.get("readsTooOften(DataSource)"))
        .startsWith(
            "expected at most 1 select statements (@ExpectStatements(atMost = true)), but the test executed 2");
  }

  @Test
  void testMetricsCountByKindInsideTheTest() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(MetricsTestCase.class, onSmallShop()), 1);
  }

  static void insertBrand(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate("INSERT INTO brand (name) VALUES ('a'), ('b'), ('c')");
    }
  }

  /** Twelve lookups, one per id: the N+1 shape of a loop over a list. */
  static void lookUpOneByOne(DataSource dataSource, int times) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement lookup =
            connection.prepareStatement("SELECT name FROM brand WHERE id = ?")) {
      for (int id = 1; id <= times; id++) {
        lookup.setInt(1, id);
        try (ResultSet row = lookup.executeQuery()) {
          row.next();
        }
      }
    }
  }

  @DbIntegrationTest
  static class LoopTestCase {
    @Test
    void loadsBrandsOneByOne(DataSource dataSource) throws SQLException {
      insertBrand(dataSource);
      lookUpOneByOne(dataSource, 12);
    }
  }

  @DbIntegrationTest
  static class InsertLoopTestCase {
    @Test
    void insertsBrandsOneByOne(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          PreparedStatement insert =
              connection.prepareStatement("INSERT INTO brand (name) VALUES (?)")) {
        for (int i = 0; i < 12; i++) {
          insert.setString(1, "brand-" + i);
          insert.executeUpdate();
        }
      }
    }
  }

  @DbIntegrationTest
  static class JoinTestCase {
    @Test
    void loadsBrandsInOneQuery(DataSource dataSource) throws SQLException {
      insertBrand(dataSource);
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement();
          ResultSet rows =
              statement.executeQuery("SELECT name FROM brand WHERE id IN (1, 2, 3, 4, 5, 6)")) {
        while (rows.next()) {
          rows.getString(1);
        }
      }
    }
  }

  @DbIntegrationTest
  static class AcceptedTestCase {
    @Test
    @AcceptNPlusOne("FROM brand   WHERE id")
    void loadsBrandsOneByOneOnPurpose(DataSource dataSource) throws SQLException {
      lookUpOneByOne(dataSource, 12);
    }
  }

  // snippet accept-repeats {
  @DbIntegrationTest
  @AcceptNPlusOne(value = "from brand where id", atMost = 5)
  static class AcceptedUpToFiveTestCase {
    @Test
    void loadsMoreThanAccepted(DataSource dataSource) throws SQLException {
      lookUpOneByOne(dataSource, 12); // 12 > 5: reported again
    }
  }

  // }

  @DbIntegrationTest
  static class ExpectationsTestCase {
    private static long count(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM brand")) {
        rows.next();
        return rows.getLong(1);
      }
    }

    // snippet expect-by-kind {
    @Test
    @ExpectStatements(select = 2, update = 1) // exact; a kind left out is not checked
    void claimsAnUpdateButOnlyReads(DataSource dataSource) throws SQLException {
      count(dataSource);
      count(dataSource);
    }

    @Test
    @ExpectStatements(select = 1, atMost = true) // maxima, per kind or in all (value)
    void readsTooOften(DataSource dataSource) throws SQLException {
      count(dataSource);
      count(dataSource);
    }

    // }

    @Test
    @ExpectStatements(select = 1, insert = 1, delete = 0)
    void writesAndReadsAsExpected(DataSource dataSource) throws SQLException {
      insertBrand(dataSource);
      count(dataSource);
    }

    @Test
    @ExpectStatements(insert = 1)
    @ExpectStatements(value = 2, atMost = true)
    void missesBothAnExactCountAndAMaximum(DataSource dataSource) throws SQLException {
      count(dataSource);
      count(dataSource);
      count(dataSource);
    }
  }

  @DbIntegrationTest
  static class MetricsTestCase {
    @Test
    void seesItsOwnStatementsByKind(DataSource dataSource, TestDatabase database)
        throws SQLException {
      insertBrand(dataSource);
      lookUpOneByOne(dataSource, 3);

      TestMetrics metrics = database.metrics();
      assertThat(metrics.statements(StatementKind.INSERT)).isEqualTo(1);
      assertThat(metrics.statements(StatementKind.SELECT)).isEqualTo(3);
      assertThat(metrics.shapes())
          .extracting(StatementShape::sql, StatementShape::count)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple(LOOKUP_SHAPE, 3L),
              org.assertj.core.groups.Tuple.tuple("insert into brand (name) values (...)", 1L));
    }
  }
}
