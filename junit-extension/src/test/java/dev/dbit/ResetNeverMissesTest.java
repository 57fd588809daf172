package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Generated tests aimed at the reset's shortcuts (one round of every kind of work by default, at
 * least 1,000 per path in the proof tier; seeds and replay in {@link ProofSeeds}): no write at all
 * (the gate must say clean), writes only elsewhere on the server (counters move, the schema is
 * clean), rolled-back writes, cascades, trigger-only writes, reference rows changed or truncated
 * (no row counter moves), writes from a connection dbit did not hand out, and state a careless test
 * leaves behind: a transaction left open, a table lock left held (its writes never reach the table
 * counters), temporary tables (one hiding a real table), changed session variables. Each test first
 * checks that every table equals the template.
 *
 * <p>A test that leaves a transaction or a lock on a connection dbit handed out must fail with
 * dbit's leak message (it is closed, so that the next test starts); every other test must pass.
 */
@Tag("proof")
class ResetNeverMissesTest {
  /** The kinds of work a generated test does; each round of cases runs every one. */
  static final int KINDS = 16;

  /** Repetitions that leave a connection holding locks: dbit must fail exactly these. */
  static final Set<Integer> LEAKING = ConcurrentHashMap.newKeySet();

  /** Repetitions that leave a write open on an idle pooled connection: dbit may fail these. */
  static final Set<Integer> MAY_LEAK = ConcurrentHashMap.newKeySet();

  /** What each repetition did (its case number), to name what came before a mismatch. */
  static final Map<Integer, Integer> WORK = new ConcurrentHashMap<>();

  /** {@code @@userstat} as the generated tests saw it, or null on servers without it. */
  static volatile String userstatSeen;

  @Test
  void noGeneratedTestEverStartsDirtyOnTheEmbeddedMariaDb(TestInfo test) {
    try (LogLines log = new LogLines()) {
      prove(test, "embedded MariaDB, binary log", Map.of("dbit.provider", "embedded"), true);

      assertThat(log.messages())
          .as("the path under test: changed tables from the binary log")
          .anyMatch(line -> line.contains("changed tables found by the binary log"));
    }
    assertThat(userstatSeen).as("the embedded MariaDB keeps no user statistics").isEqualTo("0");
  }

  /** Where dbit cannot follow the log (statement format here), MariaDB's user statistics. */
  @Test
  void noGeneratedTestEverStartsDirtyWithUserStatistics(TestInfo test) throws SQLException {
    // dbit's embedded MariaDB, started here so that its settings can change before dbit looks.
    try (dev.dbit.internal.server.EmbeddedMariaDb server =
            dev.dbit.internal.server.EmbeddedMariaDb.start(
                java.nio.file.Path.of(System.getProperty("user.home"), ".cache", "dbit"));
        LogLines log = new LogLines()) {
      String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED";
      RootSql.execute(url, "SET GLOBAL userstat = 1", "SET GLOBAL binlog_format = 'STATEMENT'");
      try {
        prove(
            test,
            "embedded MariaDB, userstat (no row-based log)",
            Map.of("dbit.provider", "external", "dbit.url", url),
            // Measured as on every source: the statement timer, performance_schema being on.
            true);
      } finally {
        RootSql.execute(url, "SET GLOBAL userstat = 0", "SET GLOBAL binlog_format = 'ROW'");
      }
      assertThat(log.messages())
          .as("the path under test: user statistics")
          .anyMatch(line -> line.contains("changed tables found by MariaDB user and table"));
    }
    assertThat(userstatSeen).as("the path under test: userstat").isEqualTo("1");
  }

  @Test
  void noGeneratedTestEverStartsDirtyOnTheExternalServer(TestInfo test) {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();

    prove(
        test,
        "external MariaDB on 127.0.0.1:3306",
        Map.of("dbit.provider", "external", "dbit.url", ExternalServerTest.URL),
        false);

    assertThat(userstatSeen).as("the path under test: no userstat").isNotEqualTo("1");
  }

  /**
   * Where dbit may not put triggers on the copy and the server counts no writes per table: every
   * table probed after every test.
   */
  @Test
  void noGeneratedTestEverStartsDirtyProbingEveryTable(TestInfo test) {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();

    try (LogLines log = new LogLines()) {
      prove(
          test,
          "external MariaDB on 127.0.0.1:3306, every table probed (dbit.reset.triggers=false)",
          Map.of(
              "dbit.provider",
              "external",
              "dbit.url",
              ExternalServerTest.URL,
              DbIntegrationTest.RESET_TRIGGERS,
              "false"),
          false);

      assertThat(log.messages())
          .as("the path under test: every table probed")
          .anyMatch(line -> line.contains("changed tables found by probing every table"));
    }
  }

  /**
   * @param timed whether the path measures server SQL time (performance_schema's statement timer):
   *     there, nearly every generated test gets a number
   */
  static void prove(TestInfo test, String path, Map<String, String> configuration, boolean timed) {
    LEAKING.clear();
    MAY_LEAK.clear();
    WORK.clear();
    userstatSeen = null;
    int cases = ProofSeeds.cases(KINDS);
    System.out.println(ProofSeeds.banner("randomized reset proof (" + path + ")", cases));
    EngineExecutionResults results = DbitTestKit.run(GeneratedTestCase.class, configuration);

    Map<Integer, String> failures = new TreeMap<>();
    results.testEvents().failed().stream()
        .forEach(
            event ->
                failures.put(
                    caseNumber(event.getTestDescriptor().getDisplayName()),
                    DbitTestKit.failure(event).getMessage()));
    long mismatches = ProofSeeds.mismatches(failures.values());
    long leaksReported =
        failures.entrySet().stream()
            .filter(e -> LEAKING.contains(e.getKey()) && isLeakMessage(e.getValue()))
            .count();
    long idleReported = failures.keySet().stream().filter(MAY_LEAK::contains).count();
    System.out.printf(
        "randomized reset proof (%s): %d generated tests, %d mismatches, %d of %d leaked"
            + " connections reported against their test, %d of %d writes left open on idle pooled"
            + " connections reported%n",
        path,
        results.testEvents().started().count(),
        mismatches,
        leaksReported,
        LEAKING.size(),
        idleReported,
        MAY_LEAK.size());

    failures.entrySet().stream()
        .filter(e -> !isLeakMessage(e.getValue()))
        .limit(5)
        .forEach(e -> System.out.println("  case " + e.getKey() + ": " + e.getValue()));
    String replay =
        ProofSeeds.replay(
            test,
            failures.keySet().stream()
                .filter(number -> !LEAKING.contains(number) && !MAY_LEAK.contains(number)));
    if (!replay.isEmpty()) {
      System.out.println(replay);
    }
    ServerTimeInvariant.assertHolds(
        "randomized reset proof (" + path + ")",
        results,
        timed,
        LEAKING.stream().map(number -> "case " + number).collect(Collectors.toSet()));
    assertThat(results.testEvents().started().count()).isEqualTo(cases);
    assertThat(mismatches)
        .as(
            "tests that started with tables differing from the template (each after what the"
                + " cases before it did): %s; %s",
            failures.entrySet().stream()
                .filter(e -> e.getValue().contains("tables that differ"))
                .limit(3)
                .map(
                    e -> e.getKey() + " after work " + workBefore(e.getKey()) + ": " + e.getValue())
                .toList(),
            replay)
        .isZero();
    if (cases >= KINDS) {
      assertThat(LEAKING).as("every round leaks").isNotEmpty();
    }
    assertThat(failures.keySet()).as("tests that failed").containsAll(LEAKING);
    Set<Integer> unexpected = new TreeSet<>(failures.keySet());
    unexpected.removeAll(LEAKING);
    unexpected.removeAll(MAY_LEAK);
    assertThat(unexpected)
        .as(
            "tests that failed but left nothing open: %s; %s",
            unexpected.stream().limit(3).map(i -> i + ": " + failures.get(i)).toList(), replay)
        .isEmpty();
    assertThat(failures.values()).allSatisfy(m -> assertThat(isLeakMessage(m)).as(m).isTrue());
  }

  /**
   * dbit's leak failure. How many connections it names is the server's view at that moment: a
   * pooled connection the test never closed can show twice, once as dbit closes it and once in the
   * server's transaction list, which MariaDB refreshes at most every 100 ms.
   */
  private static boolean isLeakMessage(String message) {
    return message != null
        && message.matches(
            "(?s)dbit: this test left [1-9][0-9]* connection\\(s\\) to the test schema.*");
  }

  /** The case numbers of the three repetitions before {@code repetition}, nearest last. */
  private static List<Integer> workBefore(int repetition) {
    List<Integer> before = new ArrayList<>();
    for (int r = Math.max(1, repetition - 3); r < repetition; r++) {
      before.add(WORK.getOrDefault(r, -1));
    }
    return before;
  }

  private static int caseNumber(String displayName) {
    // "case 17"
    return Integer.parseInt(displayName.split(" ")[1]);
  }

  /** What an earlier test left on the pool's connections, or null when nothing. */
  static String sessionLeftover(DataSource pool) throws SQLException {
    try (Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT @dbit_proof_left, @@foreign_key_checks, @@sql_mode, @@autocommit")) {
        rows.next();
        if (rows.getString(1) != null
            || rows.getInt(2) != 1
            || rows.getString(3).isEmpty()
            || rows.getInt(4) != 1) {
          return String.format(
              "user variable %s, foreign_key_checks %d, sql_mode '%s', autocommit %d",
              rows.getString(1), rows.getInt(2), rows.getString(3), rows.getInt(4));
        }
      }
      try (ResultSet rows = statement.executeQuery("SHOW CREATE TABLE customer")) {
        rows.next();
        if (rows.getString(2).startsWith("CREATE TEMPORARY")) {
          return "a temporary table customer hides the real one";
        }
      }
      try {
        statement.executeQuery("SELECT COUNT(*) FROM scratch").close();
        return "a temporary table scratch";
      } catch (SQLException e) {
        if (e.getErrorCode() != NO_SUCH_TABLE) {
          throw e;
        }
      }
      return null;
    }
  }

  private static final int NO_SUCH_TABLE = 1146;

  private static String userstat(DataSource pool) throws SQLException {
    try (Connection connection = pool.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SHOW GLOBAL VARIABLES LIKE 'userstat'")) {
      return rows.next() ? rows.getString(2).replace("ON", "1").replace("OFF", "0") : null;
    }
  }

  @DbIntegrationTest
  static class GeneratedTestCase {
    /** Work "elsewhere on the server" goes to a scratch database: dropped at the end. */
    @org.junit.jupiter.api.AfterAll
    static void dropsTheScratchDatabase(TestDatabase database) throws SQLException {
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("DROP DATABASE IF EXISTS dbit_proof_elsewhere");
      }
    }

    static IntStream cases() {
      return ProofSeeds.numbers(ProofSeeds.cases(KINDS));
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("cases")
    void startsCleanThenDoesSomethingRandom(int number, DataSource pool, TestDatabase database)
        throws SQLException {
      assertThat(TableStates.differences(database))
          .as("tables that differ, case %d", number)
          .isEmpty();
      assertThat(sessionLeftover(pool)).as("state inherited from an earlier test").isNull();
      if (number == 1) {
        userstatSeen = userstat(pool);
      }
      Random random = new Random(ProofSeeds.seed(number));
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        RandomWriter writer =
            new RandomWriter(connection, database.schemaName(), random.nextLong());
        List<String> tables = new ArrayList<>(writer.tables());
        Collections.shuffle(tables, random);
        int work = ProofSeeds.kind(number, KINDS);
        WORK.put(number, work);
        switch (work) {
          case 0 -> {
            // Nothing written: the gate alone must settle the next reset.
          }
          case 1 ->
              writer.insertInto(
                  connection, tables.subList(0, 1 + random.nextInt(4)), 1 + random.nextInt(3));
          case 2 -> {
            connection.setAutoCommit(false);
            writer.insertInto(connection, tables.subList(0, 2), 2);
            connection.rollback();
            connection.setAutoCommit(true);
            if (random.nextBoolean()) {
              // A rollback, then a write that stays: the probe after a rollback must find it.
              writer.insertInto(connection, tables.subList(1, 3), 1);
            }
          }
          case 3 -> {
            try (Connection other = database.openConnection()) {
              writer.changeReferenceRows(other, "country", "currency");
            }
          }
          case 4 -> {
            statement.execute("CREATE DATABASE IF NOT EXISTS dbit_proof_elsewhere");
            statement.execute(
                "CREATE TABLE IF NOT EXISTS dbit_proof_elsewhere.noise (id INT PRIMARY KEY AUTO_INCREMENT)");
            statement.executeUpdate("INSERT INTO dbit_proof_elsewhere.noise () VALUES ()");
          }
          case 5 -> {
            statement.executeUpdate(
                "INSERT INTO customer (email, full_name, country_code, language_code) VALUES ('c@example.com', 'C', 'DE', 'de')");
            statement.executeUpdate(
                "INSERT INTO sales_order (order_number, customer_id, status_code, currency_code) SELECT 'SO-1', id, 'NEW', 'EUR' FROM customer");
            statement.executeUpdate("UPDATE sales_order SET status_code = 'PAID'");
          }
          case 6 -> {
            statement.executeUpdate(
                "INSERT INTO customer (email, full_name, country_code, language_code) VALUES ('d@example.com', 'D', 'FR', 'fr')");
            statement.executeUpdate(
                "INSERT INTO customer_address (customer_id, line1, city, postal_code, country_code) SELECT id, 'x', 'y', 'z', 'FR' FROM customer");
            statement.executeUpdate("DELETE FROM customer");
          }
          case 7 -> {
            statement.execute("SET SESSION foreign_key_checks = 0");
            statement.execute(
                "TRUNCATE TABLE " + (random.nextBoolean() ? "tax_rate" : "return_reason"));
            statement.execute("SET SESSION foreign_key_checks = 1");
          }
          case 8 -> {
            statement.execute("SET SESSION foreign_key_checks = 0");
            statement.executeUpdate(
                "UPDATE country SET name = CONCAT(name, '!') WHERE code = 'DE'");
            statement.executeUpdate(
                "UPDATE country SET name = REPLACE(name, '!', '') WHERE code = 'DE'");
            statement.execute("SET SESSION foreign_key_checks = 1");
          }
          case 9 -> {
            try (Connection other = database.openConnection()) {
              writer.insertInto(other, tables.subList(0, 1), 1);
            }
          }
          case 10 -> {
            // Not dbit's: a connection of its own, committed and closed.
            try (Connection own = DriverManager.getConnection(database.jdbcUrl(), "root", "")) {
              writer.insertInto(own, tables.subList(0, 2), 1);
              writer.changeReferenceRows(own, "currency", "country");
            }
          }
          case 11 -> {
            // A transaction left open on a pooled connection that is never closed.
            LEAKING.add(number);
            Connection leaked = pool.getConnection();
            leaked.setAutoCommit(false);
            writer.insertInto(leaked, tables.subList(0, 2), 1);
          }
          case 12 -> {
            // A table lock left held; writes under LOCK TABLES reach no table counter.
            LEAKING.add(number);
            Connection leaked = database.openConnection();
            try (Statement locked = leaked.createStatement()) {
              locked.execute("SET SESSION foreign_key_checks = 0");
              locked.execute("LOCK TABLES warehouse WRITE, currency WRITE");
              locked.executeUpdate(
                  "INSERT INTO warehouse (warehouse_code, name, country_code) VALUES ('W1', 'w',"
                      + " 'DE')");
              locked.executeUpdate("UPDATE currency SET name = 'changed' LIMIT 1");
            }
          }
          case 13 -> {
            // Temporary tables, one hiding a real table: the rows go to the temporary one.
            statement.execute(
                "CREATE TEMPORARY TABLE customer (id BIGINT PRIMARY KEY AUTO_INCREMENT, email"
                    + " VARCHAR(190), full_name VARCHAR(120), country_code CHAR(2), language_code"
                    + " CHAR(2))");
            statement.execute("CREATE TEMPORARY TABLE scratch (id INT)");
            statement.executeUpdate("INSERT INTO scratch VALUES (1)");
            statement.executeUpdate(
                "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
                    + " ('t@example.com', 'T', 'DE', 'de')");
            // Any real table but customer, which the temporary table hides on this connection
            // (rotating seeds found the writer's real columns refused by the temporary one).
            writer.insertInto(
                connection,
                tables.stream().filter(table -> !table.equals("customer")).limit(1).toList(),
                1);
          }
          case 14 -> {
            // Session variables changed and left: the next tests must not inherit them.
            statement.execute("SET SESSION foreign_key_checks = 0, sql_mode = ''");
            statement.execute("SET @dbit_proof_left = " + number);
            statement.executeUpdate(
                "INSERT INTO sales_order_line (order_id, product_id, quantity, unit_price_cents,"
                    + " line_total_cents) VALUES (424242, 424242, 1, 1, 1)");
          }
          default -> {
            // autocommit switched off by SQL, behind the pool's back, and the connection closed:
            // the pool does not know to roll back, so an idle pooled connection holds the write.
            // dbit replaces such connections; whether it also catches this in the act depends on
            // MariaDB's transaction list, refreshed at most every 100 ms.
            MAY_LEAK.add(number);
            statement.execute("SET autocommit = 0");
            writer.insertInto(connection, tables.subList(0, 1), 1);
          }
        }
      }
    }
  }
}
