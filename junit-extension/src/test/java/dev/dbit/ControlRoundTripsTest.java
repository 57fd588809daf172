package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Between two tests (the first one's end reading, the reset and the next one's start reading) dbit
 * sends two requests on its control connection, whether the test wrote or not: counted by the
 * server itself, in its general query log. A few more are allowed, and counted: the end reading
 * read again because MariaDB had not yet added the test's last request to its user statistics (it
 * does so just after replying).
 */
class ControlRoundTripsTest {
  static final int TESTS = 60;

  @Test
  void twoControlRequestsBetweenTwoTests() {
    assertTwoRequests(Map.of());
  }

  @Test
  void twoControlRequestsBetweenTwoTestsOnMySql() {
    assertTwoRequests(EmbeddedMySqlTest.MYSQL);
  }

  private static void assertTwoRequests(Map<String, String> configuration) {
    GeneralLog.REQUESTS.clear();
    GeneralLog.restore = null;
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(GeneralLog.class, configuration), TESTS + 2);

    Map<Integer, List<String>> between = GeneralLog.REQUESTS;
    long rereads = between.values().stream().filter(r -> r.size() > 2).count();
    System.out.printf(
        "control requests between tests: %d boundaries, %d with two requests, %d with the end"
            + " reading read again%n",
        between.size(), between.values().stream().filter(r -> r.size() == 2).count(), rereads);
    assertThat(between).hasSize(TESTS - 1);
    assertThat(between.values())
        .allSatisfy(
            requests -> {
              assertThat(requests).hasSizeGreaterThanOrEqualTo(2);
              // A few readings again cover the server's lag of 100 ms and more (the pauses
              // double from 0.2 ms); waiting for statements it never counts (SHOW) reads again
              // for 2 s, about 45 times.
              assertThat(requests).hasSizeLessThanOrEqualTo(10);
              // Any request beyond two is the end reading, read again.
              List<String> endReadings = requests.subList(0, requests.size() - 1);
              assertThat(endReadings)
                  .allSatisfy(
                      r ->
                          assertThat(r)
                              .startsWith("SELECT g.q - s.q")
                              .endsWith("SHOW MASTER STATUS"));
              // The same reading each time, but for the test connections it asks about: one the
              // pool opened while the reading was retaken joins the lists of ids.
              assertThat(
                      endReadings.stream()
                          .map(r -> r.replaceAll("[0-9]+(,[0-9]+)*", "N"))
                          .distinct())
                  .hasSize(1);
            });
    // After a test that rolled its writes back, no cleanup: the tables are asked, not restored.
    assertThat(between)
        .allSatisfy(
            (test, requests) -> {
              if (rollsBack(test)) {
                assertThat(requests)
                    .as("requests after test %d, which rolled back", test)
                    .noneMatch(r -> CLEANUP.matcher(r).find());
              }
            });
    assertThat(between.keySet()).anyMatch(ControlRoundTripsTest::rollsBack);
  }

  /** A statement that writes rows: what a cleanup sends, never a reading. */
  static final java.util.regex.Pattern CLEANUP =
      java.util.regex.Pattern.compile("\\b(DELETE|INSERT|UPDATE)\\s");

  /** Every fourth test, from the second on, rolls its writes back. */
  static boolean rollsBack(int number) {
    return number % 4 == 2;
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class GeneralLog {
    static final Map<Integer, List<String>> REQUESTS = new TreeMap<>();
    static volatile String restore;

    /** The log settings are global: put them back even when a test in between failed. */
    @org.junit.jupiter.api.AfterAll
    static void restoresTheLogSettings(TestDatabase database) throws SQLException {
      if (restore != null) {
        try (Connection connection = database.openConnection();
            Statement statement = connection.createStatement()) {
          statement.execute(restore);
        }
      }
    }

    @Test
    @Order(1)
    void startsTheGeneralLog(TestDatabase database) throws SQLException {
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        try (ResultSet rows =
            statement.executeQuery("SELECT @@GLOBAL.log_output, @@GLOBAL.general_log")) {
          rows.next();
          restore =
              "SET GLOBAL general_log = "
                  + rows.getInt(2)
                  + ", log_output = '"
                  + rows.getString(1)
                  + "'";
        }
        statement.execute("SET GLOBAL log_output = 'TABLE'");
        // What an interrupted earlier run left there would pass for this run's requests.
        statement.execute("TRUNCATE TABLE mysql.general_log");
        statement.execute("SET GLOBAL general_log = 1");
      }
    }

    /**
     * Odd tests write rows into three tables; tests {@link #rollsBack} numbers write the same rows
     * in a transaction they roll back, as Spring's test transactions end; the others only read.
     */
    @RepeatedTest(TESTS)
    @Order(2)
    void writesOrReads(DataSource dataSource, RepetitionInfo repetition) throws SQLException {
      int number = repetition.getCurrentRepetition();
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        statement.executeQuery("SELECT 'dbit-marker-" + number + "'").close();
        if (number % 2 == 1 || rollsBack(number)) {
          connection.setAutoCommit(!rollsBack(number));
          statement.executeUpdate(
              "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
                  + " ('m@example.com', 'M', 'DE', 'de')");
          statement.executeUpdate(
              "INSERT INTO product_category (name, slug) VALUES ('c" + number + "', 's')");
          statement.executeUpdate("UPDATE currency SET name = CONCAT(name, '.') LIMIT 1");
          if (rollsBack(number)) {
            connection.rollback();
            connection.setAutoCommit(true);
          }
        } else {
          statement.executeQuery("SELECT COUNT(*) FROM country").close();
          // MariaDB's user statistics never count a SHOW: the end reading must not wait for them
          // (three, more than the requests the server counts beyond dbit's: the pool's own).
          statement.executeQuery("SHOW TABLES LIKE 'country'").close();
          statement.executeQuery("SHOW VARIABLES LIKE 'version'").close();
          statement.executeQuery("SHOW SESSION STATUS LIKE 'Questions'").close();
        }
      }
    }

    @Test
    @Order(3)
    void readsTheGeneralLog(TestDatabase database) throws SQLException {
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("SET GLOBAL general_log = 0");
        long control = controlThread(statement);
        Set<String> triggerBodies = triggerBodies(statement, database.schemaName());
        List<Integer> markers = new ArrayList<>();
        List<String> requests = new ArrayList<>();
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT thread_id, command_type, CONVERT(argument USING utf8mb4) FROM"
                    + " mysql.general_log ORDER BY event_time")) {
          while (rows.next()) {
            String argument = rows.getString(3);
            if (argument.startsWith("SELECT 'dbit-marker-")) {
              if (!markers.isEmpty()) {
                REQUESTS.put(markers.get(markers.size() - 1), requests);
              }
              markers.add(Integer.parseInt(argument.replaceAll("\\D", "")));
              requests = new ArrayList<>();
            } else if (rows.getLong(1) == control
                && !markers.isEmpty()
                && !rows.getString(2).equals("Quit")
                && triggerBodies.stream()
                    .noneMatch(body -> !argument.isBlank() && body.contains(argument.strip()))) {
              // Both servers log each statement a trigger runs too: not a request. MySQL logs each
              // statement of a multi-statement request apart, all but the last ending in ';'.
              boolean continues =
                  !requests.isEmpty() && requests.get(requests.size() - 1).endsWith(";");
              if (continues) {
                requests.set(requests.size() - 1, requests.get(requests.size() - 1) + argument);
              } else {
                requests.add(argument);
              }
            }
          }
        }
        statement.execute("TRUNCATE TABLE mysql.general_log");
      }
    }

    private static Set<String> triggerBodies(Statement statement, String schema)
        throws SQLException {
      Set<String> bodies = new HashSet<>();
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '"
                  + schema
                  + "'")) {
        while (rows.next()) {
          bodies.add(rows.getString(1));
        }
      }
      return bodies;
    }

    /** dbit's control connection: the one that reads the user statistics or the server's status. */
    private static long controlThread(Statement statement) throws SQLException {
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT thread_id FROM mysql.general_log WHERE argument LIKE"
                  + " '%information_schema.USER_STATISTICS%' OR argument LIKE"
                  + " '%performance_schema.global_status%' GROUP BY thread_id ORDER BY COUNT(*)"
                  + " DESC LIMIT 1")) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }
}
