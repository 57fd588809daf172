package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A connection dbit ends because a test left a transaction open on it is never handed to the next
 * test: a transaction begun by SQL ({@code START TRANSACTION}) on a pooled connection that went
 * back to the pool is one the pool does not roll back; dbit ends that connection at the test's end,
 * and the next test, borrowing from the pool at once, gets a live one.
 */
class EndedPoolConnectionTest {

  @Test
  void theNextTestGetsALiveConnection() {
    assertLeakReportedAndNextTestGreen(
        DbitTestKit.run(
            LeavesATransactionTestCase.class,
            Map.of(DbIntegrationTest.MIGRATIONS, Migrations.smallShop())));
  }

  /** The first test fails with dbit's leak message; the second, borrowing at once, is green. */
  static void assertLeakReportedAndNextTestGreen(EngineExecutionResults results) {
    assertThat(results.testEvents().failed().stream().map(DbitTestKit::failure))
        .singleElement()
        .extracting(Throwable::getMessage)
        .asString()
        .contains("left 1 connection(s) to the test schema holding locks");
    assertThat(results.testEvents().succeeded().count()).isEqualTo(1);
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class LeavesATransactionTestCase {
    @Test
    @Order(1)
    void leavesATransactionOnAPooledConnection(DataSource pool) throws SQLException {
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("START TRANSACTION");
        statement.executeUpdate("INSERT INTO brand (name) VALUES ('left open')");
      }
    }

    @Test
    @Order(2)
    void borrowsFromThePoolAtOnce(DataSource pool) throws SQLException {
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM brand")) {
        rows.next();
        assertThat(rows.getLong(1)).isZero();
      }
    }
  }
}
