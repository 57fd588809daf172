package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Every test is judged somewhere, and only with evidence: a run of classes each too small to judge
 * alone fails the build once their stalls add up, naming every class; on a server without a timer,
 * server work on a stalling pool is not blamed on the network.
 */
class StallVerdictLevelsTest {
  private static final Map<String, String> STALLING =
      Map.of(DbIntegrationTest.JDBC_PARAMS, TransportStallTest.STALLING_DRIVER);

  @Test
  void aRunOfClassesEachUnderTheMinimumFailsOnceTheirStallsAddUpOnMariaDb() {
    assertTheRunFails(Map.of());
  }

  @Test
  void aRunOfClassesEachUnderTheMinimumFailsOnceTheirStallsAddUpOnMySql() {
    assertTheRunFails(EmbeddedMySqlTest.MYSQL);
  }

  private static void assertTheRunFails(Map<String, String> server) {
    EngineExecutionResults results =
        DbitTestKit.run(
            SmallTestStallsTest.with(server, STALLING),
            SmallOneTestCase.class,
            SmallTwoTestCase.class,
            SmallThreeTestCase.class,
            SmallFourTestCase.class);

    assertThat(results.testEvents().succeeded().count())
        .as("each test alone passes: too small to judge")
        .isEqualTo(8);
    assertThat(classEntries(results, ReportKeys.VERDICT_CLASS))
        .hasSize(4)
        .allSatisfy(
            v ->
                assertThat(v)
                    .startsWith("small: 2 small tests with 6 statements together; 2 with the stall")
                    .endsWith("judged with the run"));
    List<Throwable> failures =
        results.containerEvents().failed().stream().map(DbitTestKit::failure).toList();
    // 6 statements a class: the run reaches 20 with the last class, which fails naming all four.
    assertThat(failures).hasSize(1);
    Throwable failure = failures.get(0);
    System.out.println(failure.getMessage());
    assertThat(failure).isInstanceOf(TransportStallError.class);
    assertThat(failure.getMessage())
        .containsPattern("^transport stall: [0-9]+ statements waited ")
        .containsPattern("in [0-9]+ tests of this run, each too small to judge alone")
        .contains("\nClasses: ")
        .contains(
            "StallVerdictLevelsTest$SmallOneTestCase (",
            "StallVerdictLevelsTest$SmallTwoTestCase (",
            "StallVerdictLevelsTest$SmallThreeTestCase (",
            "StallVerdictLevelsTest$SmallFourTestCase (");
    assertThat(classEntries(results, ReportKeys.VERDICT_RUN))
        .singleElement()
        .asString()
        .startsWith("transport stall: ");
  }

  @Test
  void serverWorkOnAStallingPoolIsNotBlamedOnTheNetworkWithoutATimer() {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();

    EngineExecutionResults results =
        DbitTestKit.run(
            SleepingSmallTestCase.class,
            SmallTestStallsTest.with(ExternalServerTest.CONFIG, STALLING));

    DbitTestKit.assertAllSucceeded(results, 2);
    assertThat(results.containerEvents().failed().count()).isZero();
    assertThat(classEntries(results, ReportKeys.VERDICT_CLASS))
        .singleElement()
        .asString()
        .startsWith("server time unknown: 2 small tests together (2 with the stall signature")
        .contains("ms a stalled statement took in the probe, so most of it is not the transport")
        .endsWith("start the server with --performance-schema=ON so that dbit can measure it");
  }

  private static List<String> classEntries(EngineExecutionResults results, String key) {
    return results.containerEvents().reportingEntryPublished().stream()
        .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get(key))
        .filter(Objects::nonNull)
        .toList();
  }

  /** Two tests of three prepare/execute/close cycles: 6 statements, each a 44 ms stall. */
  abstract static class SmallStallsTestCase {
    @RepeatedTest(2)
    void insertsThreeBrands(DataSource dataSource) throws SQLException {
      new SmallTestStallsTest.SmallPreparedTestCase().insertsThreeBrands(dataSource);
    }
  }

  @DbIntegrationTest
  static class SmallOneTestCase extends SmallStallsTestCase {}

  @DbIntegrationTest
  static class SmallTwoTestCase extends SmallStallsTestCase {}

  @DbIntegrationTest
  static class SmallThreeTestCase extends SmallStallsTestCase {}

  @DbIntegrationTest
  static class SmallFourTestCase extends SmallStallsTestCase {}

  /** Two small tests of ten server-side 0.4 s sleeps each: server work, on a pool that stalls. */
  @DbIntegrationTest
  static class SleepingSmallTestCase {
    @RepeatedTest(2)
    void sleepsOnTheServer(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          PreparedStatement sleep = connection.prepareStatement("SELECT SLEEP(?)")) {
        for (int i = 0; i < 10; i++) {
          sleep.setDouble(1, 0.4);
          try (ResultSet rows = sleep.executeQuery()) {
            rows.next();
          }
        }
      }
    }
  }
}
