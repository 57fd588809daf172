package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a class writes before its first test is the state each of its tests starts from, on every
 * change source: a class fixture in {@code @BeforeAll} (reference and empty tables, a cascade, a
 * large table, a {@code TRUNCATE}), tests that change it in every way, a {@code @Nested} class that
 * starts from its enclosing class's state plus its own setup, a class nested in one that runs no
 * test, and a class after them all that starts from the template. Each state is compared table by
 * table ({@code CHECKSUM TABLE}) with what the setup left.
 */
class ClassStartingStateTest {
  /** One line per comparison that failed, by the class and test that made it. */
  static final List<String> MISMATCHES = new CopyOnWriteArrayList<>();

  /** Every comparison made, to show the fixture ran. */
  static final List<String> COMPARED = new CopyOnWriteArrayList<>();

  @TempDir Path dir;

  @Test
  void embeddedMariaDb() throws Exception {
    proveOn(Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  @Test
  void embeddedMySql() throws Exception {
    proveOn(EmbeddedMySqlTest.MYSQL);
  }

  /** No binary log there: dbit's triggers mark changed tables and keep changed keys. */
  @Test
  void externalServerWithTriggers() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    proveOn(ExternalServerTest.CONFIG);
  }

  /** Neither log nor triggers: every reset probes every table. */
  @Test
  void externalServerByProbe() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    Map<String, String> config = new HashMap<>(ExternalServerTest.CONFIG);
    config.put(DbIntegrationTest.RESET_TRIGGERS, "false");
    proveOn(config);
  }

  /** MariaDB's table statistics where dbit cannot follow the log (statement format). */
  @Test
  void embeddedMariaDbWithUserStatistics() throws Exception {
    try (dev.dbit.internal.server.EmbeddedMariaDb server =
            dev.dbit.internal.server.EmbeddedMariaDb.start(
                Path.of(System.getProperty("user.home"), ".cache", "dbit"));
        LogLines log = new LogLines()) {
      String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED";
      RootSql.execute(url, "SET GLOBAL userstat = 1", "SET GLOBAL binlog_format = 'STATEMENT'");
      try {
        proveOn(Map.of("dbit.provider", "external", "dbit.url", url));
      } finally {
        RootSql.execute(url, "SET GLOBAL userstat = 0", "SET GLOBAL binlog_format = 'ROW'");
      }
      assertThat(log.messages())
          .as("the path under test: user statistics")
          .anyMatch(line -> line.contains("changed tables found by MariaDB user and table"));
    }
  }

  private void proveOn(Map<String, String> server) throws Exception {
    prove(dir, server);
  }

  /** Runs the three fixture classes on {@code server}, migrations written to {@code dir}. */
  static void prove(Path dir, Map<String, String> server) throws Exception {
    Map<String, String> config = new HashMap<>(server);
    config.put(
        DbIntegrationTest.MIGRATIONS,
        Migrations.write(
            dir,
            Map.of(
                "V1__cascade.sql",
                CascadeSchema.SQL,
                "V2__tag.sql",
                "CREATE TABLE tag (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(40) NOT NULL)")));
    config.put(
        "junit.jupiter.testclass.order.default", ClassOrderer.OrderAnnotation.class.getName());
    MISMATCHES.clear();
    COMPARED.clear();
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(config, WithFixture.class, OnlyNested.class, AfterThem.class),
        WithFixture.TESTS + WithFixture.Inner.TESTS + OnlyNested.Inner.TESTS + AfterThem.TESTS);
    assertThat(MISMATCHES).isEmpty();
    // Each test, and the setup of every class but OnlyNested (which looks at nothing).
    assertThat(COMPARED)
        .hasSize(
            WithFixture.TESTS
                + WithFixture.Inner.TESTS
                + OnlyNested.Inner.TESTS
                + AfterThem.TESTS
                + 3);
  }

  private static void compare(String where, Map<String, String> expected, TestDatabase database)
      throws SQLException {
    COMPARED.add(where);
    java.util.Set<String> differing = TableStates.differingFrom(expected, database);
    if (!differing.isEmpty()) {
      MISMATCHES.add(where + ": " + differing);
    }
  }

  private static void atTemplate(String where, TestDatabase database) throws SQLException {
    COMPARED.add(where);
    List<String> differing = TableStates.differences(database);
    if (!differing.isEmpty()) {
      MISMATCHES.add(where + ", not at the template: " + differing);
    }
  }

  private static void run(DataSource dataSource, String... statements) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /** Each repetition changes the state its own way; the next one must not see it. */
  private static String[] change(int repetition) {
    return switch (repetition % 6) {
      case 0 -> new String[] {"INSERT INTO tag (name) VALUES ('test')", "DELETE FROM tag LIMIT 1"};
      case 1 -> new String[] {"DELETE FROM account WHERE id = 7"};
      case 2 -> new String[] {"UPDATE account SET id = 900 WHERE id = 500"};
      case 3 -> new String[] {"UPDATE note SET body = 'changed' WHERE id BETWEEN 100 AND 120"};
      case 4 -> new String[] {"TRUNCATE TABLE tag"};
      default -> new String[] {"INSERT INTO account VALUES (901, 'test')", "DELETE FROM task"};
    };
  }

  @DbIntegrationTest
  @Order(1)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class WithFixture {
    static final int TESTS = 7;
    static Map<String, String> state;

    @BeforeAll
    static void setUp(DataSource dataSource, TestDatabase database) throws SQLException {
      atTemplate("WithFixture's setup", database);
      run(
          dataSource,
          "INSERT INTO tag (name) VALUES ('a'), ('b'), ('c')",
          "UPDATE account SET name = 'kept' WHERE id = 1",
          "DELETE FROM account WHERE id = 2",
          "INSERT INTO account VALUES (500, 'fixture')",
          "INSERT INTO project VALUES (5000, 500, 'fixture')",
          "UPDATE note SET body = 'fixture' WHERE id < 50",
          "TRUNCATE TABLE tag",
          "INSERT INTO tag (name) VALUES ('kept')");
      state = TableStates.now(database);
    }

    @RepeatedTest(TESTS)
    @Order(1)
    void startsFromTheClassState(
        DataSource dataSource, TestDatabase database, RepetitionInfo repetition)
        throws SQLException {
      compare("WithFixture test " + repetition.getCurrentRepetition(), state, database);
      run(dataSource, change(repetition.getCurrentRepetition()));
    }

    @Nested
    class Inner {
      static final int TESTS = 4;
      static Map<String, String> innerState;

      @BeforeAll
      static void setUp(DataSource dataSource, TestDatabase database) throws SQLException {
        compare("Inner starts from WithFixture's state", state, database);
        run(
            dataSource,
            "INSERT INTO tag (name) VALUES ('inner')",
            "UPDATE account SET name = 'inner' WHERE id = 3",
            "DELETE FROM project WHERE id = 100");
        innerState = TableStates.now(database);
      }

      @RepeatedTest(TESTS)
      void startsFromTheInnerState(
          DataSource dataSource, TestDatabase database, RepetitionInfo repetition)
          throws SQLException {
        compare("Inner test " + repetition.getCurrentRepetition(), innerState, database);
        run(dataSource, change(repetition.getCurrentRepetition() + 1));
      }
    }
  }

  /** A class that runs no test of its own: its setup is kept for the class nested in it. */
  @DbIntegrationTest
  @Order(2)
  static class OnlyNested {
    static Map<String, String> outerState;

    @BeforeAll
    static void setUp(DataSource dataSource, TestDatabase database) throws SQLException {
      run(
          dataSource,
          "INSERT INTO tag (name) VALUES ('outer')",
          "DELETE FROM account WHERE id = 9");
      outerState = TableStates.now(database);
    }

    @Nested
    class Inner {
      static final int TESTS = 2;

      @BeforeAll
      static void setUp(TestDatabase database) throws SQLException {
        compare("OnlyNested.Inner starts from OnlyNested's state", outerState, database);
      }

      @RepeatedTest(TESTS)
      void startsFromTheOuterState(
          DataSource dataSource, TestDatabase database, RepetitionInfo repetition)
          throws SQLException {
        compare("OnlyNested.Inner test " + repetition.getCurrentRepetition(), outerState, database);
        run(dataSource, change(repetition.getCurrentRepetition()));
      }
    }
  }

  /** After every class with a fixture: the template again. */
  @DbIntegrationTest
  @Order(3)
  static class AfterThem {
    static final int TESTS = 2;

    @RepeatedTest(TESTS)
    void startsFromTheTemplate(TestDatabase database, RepetitionInfo repetition)
        throws SQLException {
      atTemplate("AfterThem test " + repetition.getCurrentRepetition(), database);
    }
  }
}
