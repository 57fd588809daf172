package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Stalls spread over small tests: 12 tests of 3 statements each (36 together), every one far below
 * the 20 statements a test needs to be judged alone, are judged together as a class and as a run,
 * with real 44 ms stalls (server-side prepared statements with Nagle on) and an honest twin
 * (one-packet text queries and a 60 ms sleep per test) that must never be flagged.
 */
class SmallTestStallsTest {
  static final int TESTS = 12;

  /** All of them, or most when a busy machine explained a few by a pause. */
  private static final String STALLED_CLASS =
      "^transport stall: [0-9]+ small tests together \\([0-9]+ with the stall signature alone\\), ";

  private static final Map<String, String> MARIADB = Map.of();
  private static final Map<String, String> STALLING =
      Map.of(DbIntegrationTest.JDBC_PARAMS, TransportStallTest.STALLING_DRIVER);

  @Test
  void aClassOfSmallStalledTestsFailsWithTheStallReportOnTheEmbeddedMariaDb() {
    assertClassStalls(with(MARIADB, STALLING), "while the server spent");
  }

  @Test
  void aClassOfSmallStalledTestsFailsWithTheStallReportOnTheEmbeddedMySql() {
    assertClassStalls(with(EmbeddedMySqlTest.MYSQL, STALLING), "while the server spent");
  }

  @Test
  void aClassOfSmallStalledTestsFailsWithTheStallReportOnMariaDb1011() {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    assertClassStalls(
        with(ExternalServerTest.CONFIG, STALLING),
        "performance_schema is off; the probe below confirmed the stall");
  }

  @Test
  void honestSmallTestsAreNeverFlaggedOnAnyServer() {
    List<Map<String, String>> servers =
        ExternalServerTest.reachable()
            ? List.of(MARIADB, EmbeddedMySqlTest.MYSQL, ExternalServerTest.CONFIG)
            : List.of(MARIADB, EmbeddedMySqlTest.MYSQL);
    for (Map<String, String> server : servers) {
      EngineExecutionResults results =
          DbitTestKit.run(HonestSmallTestCase.class, with(server, STALLING));

      DbitTestKit.assertAllSucceeded(results, TESTS);
      assertThat(containerEntries(results, ReportKeys.VERDICT_CLASS))
          .as("on %s", server)
          .singleElement()
          .asString()
          .startsWith("ok: " + TESTS + " small tests with ");
      assertThat(containerEntries(results, ReportKeys.VERDICT_RUN)).as("on %s", server).isEmpty();
    }
  }

  @Test
  void warnModeReportsTheClassAndTheRunButPasses() {
    Map<String, String> config = with(MARIADB, STALLING);
    config.put(DbIntegrationTest.STALL_MODE, "warn");

    EngineExecutionResults results =
        DbitTestKit.run(config, SmallPreparedTestCase.class, HonestSmallTestCase.class);

    DbitTestKit.assertAllSucceeded(results, 2 * TESTS);
    assertThat(containerEntries(results, ReportKeys.VERDICT_CLASS))
        .anySatisfy(v -> assertThat(v).containsPattern(STALLED_CLASS))
        .anySatisfy(v -> assertThat(v).startsWith("ok: " + TESTS + " small tests with "));
    assertThat(containerEntries(results, ReportKeys.VERDICT_RUN))
        .first()
        .asString()
        .containsPattern("^transport stall: [0-9]+ statements waited ")
        .containsPattern("in [0-9]+ tests of this run, each too small to judge alone");
  }

  @Test
  void smallSpringTestsThroughTheContextsDataSourceAreJudgedTogether() {
    EngineExecutionResults results =
        DbitTestKit.run(SmallSpringTestCase.class, with(MARIADB, STALLING));

    assertThat(results.testEvents().succeeded().count()).isEqualTo(TESTS);
    Throwable failure = classFailure(results);
    System.out.println(failure.getMessage());
    assertThat(failure).isInstanceOf(TransportStallError.class);
    assertThat(failure.getMessage())
        .containsPattern("^transport stall: [0-9]+ statements waited ")
        .containsPattern("in [0-9]+ tests of SmallSpringTestCase, each too small to judge alone");
  }

  private static void assertClassStalls(Map<String, String> config, String serverTime) {
    EngineExecutionResults results = DbitTestKit.run(SmallPreparedTestCase.class, config);

    assertThat(results.testEvents().succeeded().count())
        .as("each test alone passes: too small to judge")
        .isEqualTo(TESTS);
    assertThat(verdicts(results))
        .hasSize(TESTS)
        .allSatisfy(
            v ->
                assertThat(v)
                    .isEqualTo(
                        "small: 3 statements, fewer than 20: judged with its class and the run"));
    Throwable failure = classFailure(results);
    // Printed so that CI logs show what a developer would see.
    System.out.println(failure.getMessage());
    assertThat(failure).isInstanceOf(TransportStallError.class);
    assertThat(failure.getMessage())
        .containsPattern("^transport stall: [0-9]+ statements waited ")
        .containsPattern(
            "in [0-9]+ tests of SmallPreparedTestCase, each too small to judge alone"
                + " \\(fewer than 20 statements; ")
        .contains(serverTime)
        .containsPattern("\nTests: SmallPreparedTestCase.repetition [0-9]+ of " + TESTS + ", ")
        .containsPattern(", and [0-9]+ more\n")
        .containsPattern("server-side prepare/execute/close +median +[0-9.]+ ms .*STALLS")
        .contains("What to change: Remove tcpNoDelay=false");
    // Each test shows the signature alone; on a busy machine one can be explained by a pause.
    assertThat(((TransportStallError) failure).metrics().statements())
        .isBetween(2L * TESTS, 3L * TESTS);
    assertThat(((TransportStallError) failure).metrics().jdbcMillisPerStatement())
        .isGreaterThan(30);
    assertThat(containerEntries(results, ReportKeys.VERDICT_CLASS))
        .singleElement()
        .asString()
        .containsPattern(STALLED_CLASS);
  }

  private static Throwable classFailure(EngineExecutionResults results) {
    List<Throwable> failures =
        results.containerEvents().failed().stream().map(DbitTestKit::failure).toList();
    assertThat(failures).as("failed containers").hasSize(1);
    return failures.get(0);
  }

  static Map<String, String> with(Map<String, String> server, Map<String, String> more) {
    Map<String, String> config = new HashMap<>(server);
    config.putAll(more);
    return config;
  }

  private static List<String> verdicts(EngineExecutionResults results) {
    return entries(results.testEvents().reportingEntryPublished().stream(), ReportKeys.VERDICT);
  }

  static List<String> containerEntries(EngineExecutionResults results, String key) {
    return entries(results.containerEvents().reportingEntryPublished().stream(), key);
  }

  private static List<String> entries(
      java.util.stream.Stream<org.junit.platform.testkit.engine.Event> events, String key) {
    return events
        .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get(key))
        .filter(java.util.Objects::nonNull)
        .collect(Collectors.toList());
  }

  /** Three prepare/execute/close cycles per test: each request goes out as two small writes. */
  @DbIntegrationTest
  static class SmallPreparedTestCase {
    @RepeatedTest(TESTS)
    void insertsThreeBrands(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection()) {
        for (int i = 0; i < 3; i++) {
          try (PreparedStatement insert =
              connection.prepareStatement("INSERT INTO brand (name) VALUES (?)")) {
            insert.setString(1, "brand-" + i);
            insert.executeUpdate();
          }
        }
      }
    }
  }

  /** The honest twin: three one-packet text queries and 60 ms of client-side work per test. */
  @DbIntegrationTest
  static class HonestSmallTestCase {
    @RepeatedTest(TESTS)
    void insertsThreeBrandsAndThinks(DataSource dataSource) throws Exception {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        for (int i = 0; i < 3; i++) {
          statement.executeUpdate("INSERT INTO brand (name) VALUES ('brand-" + i + "')");
        }
      }
      Thread.sleep(60);
    }
  }

  /** The same small tests through Spring's JdbcTemplate on the context's DataSource. */
  @DbIntegrationTest
  @SpringJUnitConfig(SpringShop.class)
  static class SmallSpringTestCase {
    @Autowired JdbcTemplate jdbc;

    @RepeatedTest(TESTS)
    void countsCustomersByCountry() {
      for (String country : List.of("DE", "FR", "IT")) {
        jdbc.queryForObject(
            "SELECT COUNT(*) FROM customer WHERE country_code = ?", Integer.class, country);
      }
    }
  }
}
