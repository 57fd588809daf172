package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** The server side failing under a run: idle timeouts and a server process that dies. */
class ServerFaultsTest {

  @Test
  void theControlConnectionOutlivesWaitTimeout() {
    OutlivesWaitTimeout.original = 0;
    OutlivesWaitTimeout.controlClosedByServer = false;
    EngineExecutionResults results = DbitTestKit.run(OutlivesWaitTimeout.class);

    DbitTestKit.assertAllSucceeded(results, 3);
    assertThat(OutlivesWaitTimeout.controlClosedByServer).isTrue();
  }

  @Test
  void aKilledServerFailsTheTestsFastWithTheReason() {
    long start = System.nanoTime();
    EngineExecutionResults results =
        DbitTestKit.run(
            ServerKilled.class,
            Map.of(
                DbIntegrationTest.PROVIDER,
                "embedded",
                DbIntegrationTest.EMBEDDED_DIR,
                Path.of("target", "dbit-killed-server").toAbsolutePath().toString()));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    List<Throwable> failures =
        results.testEvents().failed().stream().map(DbitTestKit::failure).toList();
    assertThat(failures).hasSize(3);
    System.out.printf(
        "killed server: 3 tests failed in %d ms, the first with: %s%n",
        took.toMillis(), failures.get(0).getMessage());
    assertThat(failures)
        .allSatisfy(
            failure ->
                assertThat(failure.getMessage())
                    .startsWith(
                        "dbit: the database server stopped answering (embedded MariaDB "
                            + dev.dbit.internal.server.EmbeddedMariaDb.VERSION
                            + " on 127.0.0.1:")
                    .contains("; reconnecting failed: ")
                    .endsWith(
                        "This test and every later test of this run fail at once; look at the"
                            + " server's log, then run the tests again."));
    // The test in flight failed on its own statement: the driver's failure is kept beside dbit's.
    assertThat(failures.get(0).getSuppressed())
        .anySatisfy(suppressed -> assertThat(suppressed).isInstanceOf(java.sql.SQLException.class));
    assertThat(took).as("no hang (the server start is in it)").isLessThan(Duration.ofSeconds(30));
  }

  /**
   * Makes the server close dbit's control connection for idling: a short {@code wait_timeout} for
   * new connections, then the control connection killed, so that dbit reconnects under it.
   */
  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class OutlivesWaitTimeout {
    static volatile long original;
    static boolean controlClosedByServer;

    /** wait_timeout is global: put it back even when the test that restores it did not run. */
    @org.junit.jupiter.api.AfterAll
    static void restoresWaitTimeout(TestDatabase database) throws SQLException {
      if (original > 0) {
        try (Connection connection = database.openConnection();
            Statement statement = connection.createStatement()) {
          statement.execute("SET GLOBAL wait_timeout = " + original);
        }
      }
    }

    @Test
    @Order(1)
    void shortensWaitTimeoutAndKillsTheControlConnection(TestDatabase database)
        throws SQLException {
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        original = value(statement, "@@GLOBAL.wait_timeout");
        statement.execute("SET GLOBAL wait_timeout = 2");
        statement.execute("KILL CONNECTION IS_USED_LOCK('" + database.schemaName() + "')");
      }
    }

    @Test
    @Order(2)
    void writesThenIdlesPastTheTimeout(TestDatabase database) throws Exception {
      long control;
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("SET GLOBAL wait_timeout = " + original);
        // dbit's control connection holds the server lock named after the test schema.
        control = value(statement, "IS_USED_LOCK('" + database.schemaName() + "')");
        statement.executeUpdate("INSERT INTO product_category (name, slug) VALUES ('c', 'c')");
      }
      // The server closes the idle control connection after 2 s: watch for it, 30 s at most.
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        while (!controlClosedByServer && System.nanoTime() < deadline) {
          Thread.sleep(100);
          controlClosedByServer =
              value(
                      statement,
                      "(SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = "
                          + control
                          + ")")
                  == 0;
        }
      }
    }

    @Test
    @Order(3)
    void startsClean(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(value(statement, "(SELECT COUNT(*) FROM product_category)")).isZero();
      }
    }
  }

  /** Kills its own embedded server (a directory of its own) in the first test. */
  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class ServerKilled {
    @Test
    @Order(1)
    void killsTheServer(TestDatabase database, DataSource dataSource) throws Exception {
      long pid;
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT @@pid_file")) {
        rows.next();
        pid = Long.parseLong(Files.readString(Path.of(rows.getString(1))).trim());
      }
      try (Connection connection = dataSource.getConnection()) {
        ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
        server.destroyForcibly();
        server.onExit().get();
        // The test's own statement meets the dead server: the driver's failure, explained by dbit.
        connection.createStatement().execute("SELECT 1");
      }
    }

    @Test
    @Order(2)
    void runsAfterTheServerDied(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection()) {
        connection.createStatement().execute("SELECT 1");
      }
    }

    @Test
    @Order(3)
    void runsLast(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection()) {
        connection.createStatement().execute("SELECT 1");
      }
    }
  }

  static long value(Statement statement, String expression) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SELECT " + expression)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
