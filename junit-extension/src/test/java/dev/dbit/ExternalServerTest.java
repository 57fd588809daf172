package dev.dbit;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The same fixtures against a server dbit did not start: the machine's MariaDB on 127.0.0.1:3306
 * (performance_schema off). CI always has it; elsewhere these tests are skipped.
 */
class ExternalServerTest {
  static final String HOST = "127.0.0.1";
  static final int PORT = 3306;
  static final String URL = "jdbc:mysql://" + HOST + ":" + PORT + "/";
  static final Map<String, String> CONFIG =
      Map.of("dbit.url", "jdbc:mysql://" + HOST + ":" + PORT + "/");

  @BeforeAll
  static void serverAnswers() {
    assumeThat(reachable()).as("a MySQL/MariaDB server on %s:%d", HOST, PORT).isTrue();
  }

  @Test
  void injectsThePoolAndHandle() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ParameterInjectionTest.InjectionTestCase.class, CONFIG), 3);
  }

  @Test
  @Tag("proof")
  void resetsAllTablesAfterRandomWrites() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, CONFIG),
        ResetCorrectnessTest.cases() + 1);
  }

  /**
   * On a server without per-table counters, a {@code TRUNCATE} on a connection dbit never saw moves
   * no counter and passes no statement watch: the gate sees the table's new InnoDB id.
   */
  @Test
  void aReferenceTableTruncatedBehindDbitsBackIsRestored() {
    assertTruncatedTableRestored();
  }

  /** Runs the truncating class; both its tests find the reference rows the template holds. */
  private static java.util.List<String> assertTruncatedTableRestored() {
    ForeignTruncateTestCase.COUNTRIES.clear();
    java.util.List<String> log;
    try (LogLines lines = new LogLines()) {
      DbitTestKit.assertAllSucceeded(DbitTestKit.run(ForeignTruncateTestCase.class, CONFIG), 2);
      log = lines.messages();
    }
    org.assertj.core.api.Assertions.assertThat(ForeignTruncateTestCase.COUNTRIES)
        .hasSize(2)
        .allMatch(count -> count > 0)
        .containsOnly(ForeignTruncateTestCase.COUNTRIES.get(0));
    return log;
  }

  /**
   * The same on a server that counts writes per table ({@code userstat}, restored after): the
   * server's count of table DDL moves, and the table's new InnoDB id names the copy's table.
   */
  @Test
  void aReferenceTableTruncatedBehindDbitsBackIsRestoredWhereCountersNameTables() throws Exception {
    String before = globalValue("userstat");
    java.util.List<String> log;
    RootSql.execute(URL, "SET GLOBAL userstat = 1");
    try {
      log = assertTruncatedTableRestored();
    } finally {
      RootSql.execute(URL, "SET GLOBAL userstat = " + before);
    }

    org.assertj.core.api.Assertions.assertThat(log)
        .as("the path under test")
        .anyMatch(line -> line.contains("changed tables found by MariaDB user and table"));
  }

  /**
   * A copy an earlier version left with triggers of its own (a release trigger, a marker trigger
   * whose body differs) gets this version's triggers, one per table and event, and still resets.
   */
  @Test
  void triggersAnEarlierVersionLeftAreReplaced() throws Exception {
    java.util.List<String> log;
    try (LogLines lines = new LogLines()) {
      DbitTestKit.assertAllSucceeded(
          DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, CONFIG),
          ResetCorrectnessTest.cases() + 1);
      log = lines.messages();
    }
    String copy = copiesIn(log).iterator().next();
    RootSql.execute(
        URL,
        "CREATE TRIGGER `"
            + copy
            + "`.dbit_rd_customer AFTER DELETE ON `"
            + copy
            + "`.customer FOR EACH ROW SET @dbit_left = 1",
        "DROP TRIGGER `" + copy + "`.dbit_ci_customer",
        "CREATE TRIGGER `"
            + copy
            + "`.dbit_ci_customer AFTER INSERT ON `"
            + copy
            + "`.customer FOR EACH ROW SET @dbit_left = 1");

    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, CONFIG),
        ResetCorrectnessTest.cases() + 1);

    try (java.sql.Connection connection = java.sql.DriverManager.getConnection(URL, "root", "");
        java.sql.Statement statement = connection.createStatement();
        java.sql.ResultSet rows =
            statement.executeQuery(
                "SELECT TRIGGER_NAME, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE"
                    + " TRIGGER_SCHEMA = '"
                    + copy
                    + "' AND EVENT_OBJECT_TABLE = 'customer' AND TRIGGER_NAME LIKE 'dbit!_%'"
                    + " ESCAPE '!'")) {
      java.util.Map<String, String> triggers = new java.util.TreeMap<>();
      while (rows.next()) {
        triggers.put(rows.getString(1), rows.getString(2));
      }
      org.assertj.core.api.Assertions.assertThat(triggers)
          .containsOnlyKeys("dbit_cd_customer", "dbit_ci_customer", "dbit_cu_customer");
      org.assertj.core.api.Assertions.assertThat(triggers.get("dbit_ci_customer"))
          .contains("changed_tables")
          .doesNotContain("@dbit_left");
    }
  }

  private static java.util.Set<String> copiesIn(java.util.List<String> log) {
    java.util.Set<String> copies = new java.util.TreeSet<>();
    java.util.regex.Matcher copy =
        java.util.regex.Pattern.compile("reset before each test on (\\S+):")
            .matcher(String.join("\n", log));
    while (copy.find()) {
      copies.add(copy.group(1));
    }
    return copies;
  }

  /**
   * {@code dbit.reset.triggers=false}: no trigger of dbit's on the copy, which keeps the template's
   * shape, and every test still starts from the template (every table probed after every test).
   */
  @Test
  void withTriggersTurnedOffTheCopyHoldsOnlyTheTemplatesObjectsAndStillResets() throws Exception {
    Map<String, String> config = new java.util.HashMap<>(CONFIG);
    config.put(DbIntegrationTest.RESET_TRIGGERS, "false");
    java.util.List<String> log;
    try (LogLines lines = new LogLines()) {
      DbitTestKit.assertAllSucceeded(
          DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, config),
          ResetCorrectnessTest.cases() + 1);
      log = lines.messages();
    }

    org.assertj.core.api.Assertions.assertThat(log)
        .anyMatch(line -> line.contains("dbit.reset.triggers=false: every table probed"));
    java.util.Set<String> copies = copiesIn(log);
    org.assertj.core.api.Assertions.assertThat(copies).isNotEmpty();
    try (java.sql.Connection connection = java.sql.DriverManager.getConnection(URL, "root", "")) {
      for (String schema : copies) {
        org.assertj.core.api.Assertions.assertThat(
                SchemaShape.of(connection, schema).kinds().get("triggers"))
            .as("triggers of %s", schema)
            .isEqualTo(SchemaShape.ofTemplateOf(connection, schema).kinds().get("triggers"));
        try (java.sql.Statement statement = connection.createStatement();
            java.sql.ResultSet rows =
                statement.executeQuery(
                    "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '"
                        + schema
                        + "' AND TRIGGER_NAME LIKE 'dbit!_%' ESCAPE '!'")) {
          rows.next();
          org.assertj.core.api.Assertions.assertThat(rows.getInt(1)).as(schema).isZero();
        }
      }
    }
  }

  /**
   * Where dbit cannot create its marker table (here: the server requires a primary key on every
   * table), the run says so and falls back to probing every table after every test.
   */
  @Test
  void withoutItsMarkerTableDbitFallsBackToProbingEveryTable() throws java.sql.SQLException {
    String before = globalValue("innodb_force_primary_key");
    // The copies' bookkeeping schemas keep their marker table between runs: without it, dbit must
    // create one.
    for (String schema : schemasWithMarkers()) {
      RootSql.execute(URL, "DROP TABLE `" + schema + "`.changed_tables");
    }
    java.util.List<String> log;
    RootSql.execute(URL, "SET GLOBAL innodb_force_primary_key = ON");
    try (LogLines lines = new LogLines()) {
      DbitTestKit.assertAllSucceeded(
          DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, CONFIG),
          ResetCorrectnessTest.cases() + 1);
      log = lines.messages();
    } finally {
      RootSql.execute(URL, "SET GLOBAL innodb_force_primary_key = " + before);
    }

    org.assertj.core.api.Assertions.assertThat(log)
        .anyMatch(line -> line.startsWith("dbit: cannot mark changed tables of "))
        .anyMatch(line -> line.startsWith("dbit: this server counts no writes per table"))
        .anyMatch(line -> line.contains("changed tables found by probing every table"));
  }

  private static java.util.List<String> schemasWithMarkers() throws java.sql.SQLException {
    java.util.List<String> schemas = new java.util.ArrayList<>();
    try (java.sql.Connection connection = java.sql.DriverManager.getConnection(URL, "root", "");
        java.sql.Statement statement = connection.createStatement();
        java.sql.ResultSet rows =
            statement.executeQuery(
                "SELECT TABLE_SCHEMA FROM information_schema.TABLES WHERE TABLE_NAME ="
                    + " 'changed_tables' AND TABLE_SCHEMA LIKE 'dbit!_test!_%!_dbit' ESCAPE '!'")) {
      while (rows.next()) {
        schemas.add(rows.getString(1));
      }
    }
    return schemas;
  }

  private static String globalValue(String variable) throws java.sql.SQLException {
    try (java.sql.Connection connection = java.sql.DriverManager.getConnection(URL, "root", "");
        java.sql.Statement statement = connection.createStatement();
        java.sql.ResultSet rows = statement.executeQuery("SELECT @@GLOBAL." + variable)) {
      rows.next();
      return rows.getString(1);
    }
  }

  @DbIntegrationTest
  @org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
  static class ForeignTruncateTestCase {
    static final java.util.List<Long> COUNTRIES = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Test
    @org.junit.jupiter.api.Order(1)
    void truncatesOnItsOwnConnection(TestDatabase database) throws java.sql.SQLException {
      COUNTRIES.add(countries(database));
      try (java.sql.Connection own =
              java.sql.DriverManager.getConnection(database.jdbcUrl(), "root", "");
          java.sql.Statement statement = own.createStatement()) {
        statement.execute("SET SESSION foreign_key_checks = 0");
        statement.execute("TRUNCATE TABLE country");
      }
    }

    @Test
    @org.junit.jupiter.api.Order(2)
    void findsTheReferenceRowsBack(TestDatabase database) throws java.sql.SQLException {
      COUNTRIES.add(countries(database));
    }

    private static long countries(TestDatabase database) throws java.sql.SQLException {
      try (java.sql.Connection connection = database.openConnection();
          java.sql.Statement statement = connection.createStatement();
          java.sql.ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM country")) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }

  static boolean reachable() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, PORT), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
