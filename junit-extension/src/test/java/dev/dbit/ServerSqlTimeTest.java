package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Server SQL time counts what the server spent on the test's statements however the driver sends
 * them: as text, or as server-side prepared statements (which MySQL's performance_schema files
 * under a command, not under the statement's kind).
 */
class ServerSqlTimeTest {
  /** What the test case's one statement makes the server spend, at least. */
  private static final double SLEEP_MS = 300;

  @Test
  void countsServerSidePreparedStatementsOnMySql() {
    assertServerTimeCoversTheSleep(withServerPrepared(EmbeddedMySqlTest.MYSQL));
  }

  @Test
  void countsTextStatementsOnMySql() {
    assertServerTimeCoversTheSleep(EmbeddedMySqlTest.MYSQL);
  }

  @Test
  void countsServerSidePreparedStatementsOnMariaDb() {
    assertServerTimeCoversTheSleep(withServerPrepared(Map.of()));
  }

  /**
   * After a test whose committed writes dbit cleans, the next test's server SQL time still covers
   * what its statements made the server do: dbit's own cleanup is not taken out of it twice or by
   * an estimate (on MariaDB with {@code userstat}, such tests once reported 0 ms), and the end
   * reading waits until the server has timed the test's last statement, which MySQL does only after
   * answering it (on a busy machine, about one test in 60 once lost a statement's time to the
   * next).
   */
  @Test
  void aTestAfterACleanupKeepsItsServerTimeOnMariaDb() {
    assertEachSleeperCovered(Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  @Test
  void aTestAfterACleanupKeepsItsServerTimeOnMySql() {
    assertEachSleeperCovered(EmbeddedMySqlTest.MYSQL);
  }

  /**
   * dbit's own cleanup is not the next test's: after a test that committed 16,000 rows, which the
   * reset deletes between the end reading and the next test, a test that only sleeps reports its
   * sleep, not the cleanup (only the statements of the connections dbit opened for tests are
   * summed).
   */
  @Test
  void dbitsOwnCleanupIsNotCountedInTheNextTestOnMySql() {
    assertCleanupNotCounted(EmbeddedMySqlTest.MYSQL);
  }

  @Test
  void dbitsOwnCleanupIsNotCountedInTheNextTestOnMariaDb() {
    assertCleanupNotCounted(Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  /**
   * The seed's pattern (server-side prepare, execute and close with Nagle on) right after resets
   * that delete 16,000 rows: every such test fails as a stall, and no test reports more server time
   * than it waited (on MariaDB's user statistics such a test once reported 167 % of its wall time
   * and passed).
   */
  @Test
  void theSeedsStallRightAfterALongResetIsCaughtOnMariaDb() {
    assertStallsAfterLongResets(Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  @Test
  void theSeedsStallRightAfterALongResetIsCaughtOnMySql() {
    assertStallsAfterLongResets(EmbeddedMySqlTest.MYSQL);
  }

  /**
   * Two classes at once, each test sleeping 200 ms on the server: each test's server time is its
   * own sleeps, not the other class's (the server's totals would hold both).
   */
  @Test
  void anotherClassRunningAtTheSameTimeIsNotCounted() {
    Map<String, String> configuration = new HashMap<>(ParallelClassesTest.CLASSES_CONCURRENT);
    configuration.put(DbIntegrationTest.MIGRATIONS, Migrations.smallShop());
    EngineExecutionResults results =
        DbitTestKit.run(configuration, SleeperOneTestCase.class, SleeperTwoTestCase.class);

    DbitTestKit.assertAllSucceeded(results, 2 * SleeperTestCase.TESTS);
    ServerTimeInvariant.assertHolds("parallel sleepers", results);
    List<String> reported =
        results.testEvents().reportingEntryPublished().stream()
            .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
            .filter(pairs -> pairs.containsKey(ReportKeys.SERVER_SQL_MS))
            .map(pairs -> pairs.get(ReportKeys.SERVER_SQL_MS))
            .toList();
    assertThat(reported).hasSize(2 * SleeperTestCase.TESTS);
    // A number is the test's own, or the test says it is unknown; most are numbers.
    List<Double> serverMs =
        reported.stream().filter(ms -> !ms.equals("n/a")).map(Double::parseDouble).toList();
    assertThat(serverMs)
        .hasSizeGreaterThanOrEqualTo(SleeperTestCase.TESTS)
        .allSatisfy(
            ms ->
                assertThat(ms)
                    .isGreaterThanOrEqualTo(0.99 * SleeperTestCase.SLEPT_MS)
                    // The other class sleeps at the same time: both would be 400 ms and more.
                    .isLessThan(1.5 * SleeperTestCase.SLEPT_MS));
  }

  private static void assertStallsAfterLongResets(Map<String, String> server) {
    Map<String, String> configuration = new HashMap<>(server);
    configuration.put(DbIntegrationTest.MIGRATIONS, Migrations.smallShop());
    configuration.put(DbIntegrationTest.JDBC_PARAMS, TransportStallTest.STALLING_DRIVER);
    EngineExecutionResults results = DbitTestKit.run(BulkThenPreparedTestCase.class, configuration);

    ServerTimeInvariant.assertHolds("seed pattern after long resets", results);
    List<Throwable> failures =
        results.testEvents().failed().stream().map(DbitTestKit::failure).toList();
    assertThat(failures)
        .hasSize(BulkThenPreparedTestCase.ROUNDS)
        .allSatisfy(
            failure ->
                assertThat(failure)
                    .isInstanceOf(TransportStallError.class)
                    .hasMessageContaining("while the server spent "));
    assertThat(results.testEvents().succeeded().count()).isEqualTo(BulkThenPreparedTestCase.ROUNDS);
  }

  private static void assertCleanupNotCounted(Map<String, String> server) {
    Map<String, String> configuration = new HashMap<>(server);
    configuration.put(DbIntegrationTest.MIGRATIONS, Migrations.smallShop());
    EngineExecutionResults results = DbitTestKit.run(BulkThenSleepsTestCase.class, configuration);

    DbitTestKit.assertAllSucceeded(results, 2 * BulkThenSleepsTestCase.ROUNDS);
    ServerTimeInvariant.assertHolds("sleepers after long resets", results);
    Map<String, Map<String, String>> sleepers = new HashMap<>();
    results.testEvents().reportingEntryPublished().stream()
        .filter(event -> sleeper(event.getTestDescriptor().getDisplayName()))
        .forEach(
            event ->
                sleepers
                    .computeIfAbsent(
                        event.getTestDescriptor().getDisplayName(), name -> new HashMap<>())
                    .putAll(event.getRequiredPayload(ReportEntry.class).getKeyValuePairs()));
    assertThat(sleepers).hasSize(BulkThenSleepsTestCase.ROUNDS);
    assertThat(sleepers.values())
        .allSatisfy(
            entries -> {
              double resetMs = Double.parseDouble(entries.get(ReportKeys.RESET_MS));
              // Deleting 16,000 rows keeps the server busy for most of the reset that does it.
              assertThat(resetMs).isGreaterThan(2 * WritesThenSleepsTestCase.SLEPT_MS);
              known(entries.get(ReportKeys.SERVER_SQL_MS))
                  .ifPresent(
                      serverMs ->
                          assertThat(serverMs)
                              .isGreaterThanOrEqualTo(WritesThenSleepsTestCase.SLEPT_MS)
                              .isLessThan(WritesThenSleepsTestCase.SLEPT_MS + resetMs / 2));
            });
    assertThat(sleepers.values())
        .as("sleepers with a server SQL time (n/a: dbit could not establish it)")
        .anySatisfy(
            entries -> assertThat(known(entries.get(ReportKeys.SERVER_SQL_MS))).isPresent());
  }

  /**
   * A reported server SQL time; empty for {@code n/a}, dbit's answer when the server had not timed
   * every statement by the end reading (under load, now and then): never a wrong number.
   */
  private static Optional<Double> known(String serverMs) {
    return serverMs.equals("n/a") ? Optional.empty() : Optional.of(Double.parseDouble(serverMs));
  }

  private static void assertEachSleeperCovered(Map<String, String> server) {
    Map<String, String> configuration = new HashMap<>(server);
    configuration.put(DbIntegrationTest.MIGRATIONS, Migrations.smallShop());
    EngineExecutionResults results = DbitTestKit.run(WritesThenSleepsTestCase.class, configuration);

    DbitTestKit.assertAllSucceeded(results, 2 * WritesThenSleepsTestCase.ROUNDS);
    List<Optional<Double>> sleepers =
        results.testEvents().reportingEntryPublished().stream()
            .filter(event -> sleeper(event.getTestDescriptor().getDisplayName()))
            .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
            .filter(pairs -> pairs.containsKey(ReportKeys.SERVER_SQL_MS))
            .map(pairs -> known(pairs.get(ReportKeys.SERVER_SQL_MS)))
            .toList();
    assertThat(sleepers).hasSize(WritesThenSleepsTestCase.ROUNDS);
    // Each sleeper's statements keep the server busy at least this long, however busy the machine.
    assertThat(sleepers)
        .allSatisfy(
            ms ->
                ms.ifPresent(
                    v -> assertThat(v).isGreaterThanOrEqualTo(WritesThenSleepsTestCase.SLEPT_MS)));
    assertThat(sleepers)
        .as("sleepers with a server SQL time")
        .anySatisfy(ms -> assertThat(ms).isPresent());
  }

  /** "repetition 2 of 8": the even repetitions sleep. */
  private static boolean sleeper(String displayName) {
    return Integer.parseInt(displayName.split(" ")[1]) % 2 == 0;
  }

  private static Map<String, String> withServerPrepared(Map<String, String> configuration) {
    Map<String, String> withParams = new HashMap<>(configuration);
    withParams.put(DbIntegrationTest.JDBC_PARAMS, "useServerPrepStmts=true");
    return withParams;
  }

  private static void assertServerTimeCoversTheSleep(Map<String, String> configuration) {
    EngineExecutionResults results =
        DbitTestKit.run(SleepingStatementTestCase.class, configuration);

    DbitTestKit.assertAllSucceeded(results, 1);
    List<Map<String, String>> entries =
        results.testEvents().reportingEntryPublished().stream()
            .map(event -> event.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
            .filter(pairs -> pairs.containsKey(ReportKeys.SERVER_SQL_MS))
            .collect(Collectors.toList());
    assertThat(entries).hasSize(1);
    // The server sleeps at least this long inside the statement, however busy the machine; its
    // busy-time clock is not the one SLEEP waits on (MariaDB once reported 299.2 ms under load).
    assertThat(Double.parseDouble(entries.get(0).get(ReportKeys.SERVER_SQL_MS)))
        .isGreaterThanOrEqualTo(0.99 * SLEEP_MS);
  }

  /** Odd repetitions commit 16,000 rows, which the next reset deletes; even ones sleep 10 ms. */
  @DbIntegrationTest
  static class BulkThenSleepsTestCase {
    static final int ROUNDS = 5;

    @org.junit.jupiter.api.RepeatedTest(2 * ROUNDS)
    void writesOrSleeps(DataSource dataSource, org.junit.jupiter.api.RepetitionInfo repetition)
        throws SQLException {
      try (Connection connection = dataSource.getConnection();
          java.sql.Statement statement = connection.createStatement()) {
        if (repetition.getCurrentRepetition() % 2 == 1) {
          statement.executeUpdate(
              "INSERT INTO brand (name) VALUES ('a'), ('b'), ('c'), ('d'), ('e'), ('f'), ('g'),"
                  + " ('h'), ('i'), ('j'), ('k'), ('l'), ('m'), ('n'), ('o'), ('p')");
          for (int i = 0; i < 10; i++) {
            statement.executeUpdate("INSERT INTO brand (name) SELECT name FROM brand");
          }
          // Last a statement with next to no time: the server may add a test's last statement's
          // time only after the end reading (under load, once 76 ms of an INSERT went to the
          // sleeper after it); what this test checks is the reset's time, not that lag.
          statement.executeQuery("SELECT 1").close();
          return;
        }
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT SLEEP(" + WritesThenSleepsTestCase.SLEPT_MS / 1000 + ")")) {
          rows.next();
        }
      }
    }
  }

  /** Odd repetitions commit 500 rows, which the next reset deletes; even ones run five sleeps. */
  @DbIntegrationTest
  static class WritesThenSleepsTestCase {
    static final int ROUNDS = 20;
    static final double SLEPT_MS = 5 * 2;

    @org.junit.jupiter.api.RepeatedTest(2 * ROUNDS)
    void writesOrSleeps(DataSource dataSource, org.junit.jupiter.api.RepetitionInfo repetition)
        throws SQLException {
      try (Connection connection = dataSource.getConnection();
          java.sql.Statement statement = connection.createStatement()) {
        if (repetition.getCurrentRepetition() % 2 == 1) {
          StringBuilder rows = new StringBuilder("INSERT INTO brand (name) VALUES ");
          for (int i = 0; i < 500; i++) {
            rows.append(i == 0 ? "" : ", ").append("('brand ").append(i).append("')");
          }
          statement.executeUpdate(rows.toString());
          return;
        }
        for (int i = 0; i < 5; i++) {
          try (ResultSet rows =
              statement.executeQuery("SELECT SLEEP(" + SLEPT_MS / 5 / 1000 + ")")) {
            rows.next();
          }
        }
      }
    }
  }

  /**
   * Odd repetitions commit 16,000 rows, which the next reset deletes; even ones run the seed's 40
   * prepare/execute/close cycles.
   */
  @DbIntegrationTest
  static class BulkThenPreparedTestCase {
    static final int ROUNDS = 3;

    @org.junit.jupiter.api.RepeatedTest(2 * ROUNDS)
    void writesOrPrepares(DataSource dataSource, org.junit.jupiter.api.RepetitionInfo repetition)
        throws SQLException {
      if (repetition.getCurrentRepetition() % 2 == 1) {
        new BulkThenSleepsTestCase().writesOrSleeps(dataSource, repetition);
        return;
      }
      new StallFixtures.PreparedStatementsTestCase().insertsBrandsOneByOne(dataSource);
    }
  }

  /**
   * Tests that sleep 200 ms on the server in four statements, each once the other class's test of
   * the same number is ready too, so that the two classes' sleeps overlap.
   */
  abstract static class SleeperTestCase {
    static final int TESTS = 4;
    static final double SLEPT_MS = 200;
    static final java.util.concurrent.CyclicBarrier BOTH_READY =
        new java.util.concurrent.CyclicBarrier(2);

    @org.junit.jupiter.api.RepeatedTest(TESTS)
    void sleeps(DataSource dataSource) throws Exception {
      BOTH_READY.await(60, java.util.concurrent.TimeUnit.SECONDS);
      try (Connection connection = dataSource.getConnection();
          java.sql.Statement statement = connection.createStatement()) {
        for (int i = 0; i < 4; i++) {
          statement.executeQuery("SELECT SLEEP(" + SLEPT_MS / 4 / 1000 + ")").close();
        }
      }
    }
  }

  @DbIntegrationTest
  static class SleeperOneTestCase extends SleeperTestCase {}

  @DbIntegrationTest
  static class SleeperTwoTestCase extends SleeperTestCase {}

  @DbIntegrationTest
  static class SleepingStatementTestCase {
    @Test
    void sleepsOnTheServer(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          PreparedStatement statement = connection.prepareStatement("SELECT SLEEP(?)")) {
        statement.setDouble(1, SLEEP_MS / 1000);
        try (ResultSet rows = statement.executeQuery()) {
          rows.next();
        }
      }
    }
  }
}
