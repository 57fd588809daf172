package dev.dbit;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
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
  void resetsAllTablesAfterRandomWrites() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, CONFIG),
        ResetCorrectnessTest.REPETITIONS + 1);
  }

  /**
   * On a server without per-table counters, a {@code TRUNCATE} on a connection dbit never saw moves
   * no counter and passes no statement watch: the gate sees the table's new InnoDB id.
   */
  @Test
  void aReferenceTableTruncatedBehindDbitsBackIsRestored() {
    ForeignTruncateTestCase.COUNTRIES.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(ForeignTruncateTestCase.class, CONFIG), 2);

    org.assertj.core.api.Assertions.assertThat(ForeignTruncateTestCase.COUNTRIES)
        .hasSize(2)
        .allMatch(count -> count > 0)
        .containsOnly(ForeignTruncateTestCase.COUNTRIES.get(0));
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
