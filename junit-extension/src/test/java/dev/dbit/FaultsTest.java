package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Faults a run survives: its control connection killed, a transaction leaked by a test. */
class FaultsTest {

  @Test
  void aKilledControlConnectionIsReplacedAndTheRunGoesOn() {
    EngineExecutionResults results = DbitTestKit.run(KilledControlConnectionTestCase.class);

    DbitTestKit.assertAllSucceeded(results, 3);
  }

  @Test
  void aLeakedTransactionFailsItsTestAndIsClosedBeforeTheNextReset() {
    long start = System.nanoTime();
    EngineExecutionResults results = DbitTestKit.run(LeakedTransactionTestCase.class);
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    List<Throwable> failures =
        results.testEvents().failed().stream()
            .map(DbitTestKit::failure)
            .collect(Collectors.toList());
    assertThat(failures).singleElement().isInstanceOf(AssertionError.class);
    assertThat(failures.get(0).getMessage())
        .startsWith(
            "dbit: this test left 1 connection(s) to the test schema holding locks: a connection"
                + " dbit handed out was not closed (auto-commit off: its transaction was rolled"
                + " back).")
        .endsWith(
            "dbit closed them so that the next test can start. Commit or roll back, UNLOCK"
                + " TABLES, and close every connection the test opens (try-with-resources).");
    assertThat(results.testEvents().succeeded().count()).isEqualTo(1);
    assertThat(took).as("no 10 s lock wait, no hang").isLessThan(Duration.ofSeconds(8));
  }

  static long count(DataSource dataSource, String table) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class KilledControlConnectionTestCase {
    private static void writeAndKillControl(DataSource dataSource, TestDatabase database)
        throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        statement.executeUpdate("INSERT INTO brand (name) VALUES ('left behind')");
        // dbit's control connection holds the server lock named after the test schema.
        statement.execute("KILL CONNECTION IS_USED_LOCK('" + database.schemaName() + "')");
      }
    }

    @Test
    @Order(1)
    void killsTheControlConnection(DataSource dataSource, TestDatabase database)
        throws SQLException {
      writeAndKillControl(dataSource, database);
    }

    @Test
    @Order(2)
    void startsCleanAndKillsItAgain(DataSource dataSource, TestDatabase database)
        throws SQLException {
      assertThat(count(dataSource, "brand")).isZero();
      writeAndKillControl(dataSource, database);
    }

    @Test
    @Order(3)
    void startsCleanOnceMore(DataSource dataSource) throws SQLException {
      assertThat(count(dataSource, "brand")).isZero();
    }
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class LeakedTransactionTestCase {
    @Test
    @Order(1)
    void leavesATransactionOpen(TestDatabase database) throws SQLException {
      Connection leaked = database.openConnection();
      leaked.setAutoCommit(false);
      try (Statement statement = leaked.createStatement()) {
        statement.executeUpdate("INSERT INTO brand (name) VALUES ('uncommitted')");
      }
      // Neither committed nor closed.
    }

    @Test
    @Order(2)
    void startsCleanAndQuickly(DataSource dataSource) throws SQLException {
      assertThat(count(dataSource, "brand")).isZero();
    }
  }
}
