package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.mysql.cj.MysqlConnection;
import com.mysql.cj.Query;
import com.mysql.cj.interceptors.QueryInterceptor;
import com.mysql.cj.log.Log;
import com.mysql.cj.protocol.Resultset;
import com.mysql.cj.protocol.ServerSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * On a server that counts no writes per table (the MariaDB 10.11 on 3306 here: no userstat, no
 * performance_schema), dbit's triggers mark the tables a test changed, and dbit sends two requests
 * on its control connection between two tests whatever the first did: the end reading (which reads
 * the markers), then either the cleanup of the marked tables or, when none is marked, the gate;
 * either one starts the next test's measurement. Counted by Connector/J itself: a query interceptor
 * on every connection of the URL sees each request.
 */
class MarkedTablesRequestsTest {
  static final int TESTS = 40;

  @Test
  void twoControlRequestsBetweenTestsWhetherTheyWroteOrNot() {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    RequestLog.clear();

    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(
            WritesOrReads.class,
            Map.of(
                "dbit.provider",
                "external",
                "dbit.url",
                ExternalServerTest.URL + "?queryInterceptors=" + RequestLog.class.getName())),
        TESTS);

    Map<Integer, List<String>> between = RequestLog.controlRequestsBetweenTests();
    System.out.printf(
        "marked tables: %d boundaries; control requests after each test: %s%n",
        between.size(), between.values().stream().map(List::size).toList());
    assertThat(between).hasSize(TESTS - 1);
    between.forEach(
        (test, requests) -> {
          String seen = "after test " + test + ": " + brief(requests);
          assertThat(requests).as(seen).hasSize(2);
          assertThat(requests.get(0)).as(seen).contains(END_READING, MARKERS);
          if (writes(test)) {
            assertThat(requests.get(1)).as("a cleanup " + seen).contains("DELETE FROM", "customer");
          } else {
            assertThat(requests.get(1)).as("the gate " + seen).contains(GATE);
          }
        });
  }

  /** Each request by its first words: a probe names every table. */
  private static List<String> brief(List<String> requests) {
    return requests.stream()
        .map(r -> r.replaceAll("\\s+", " "))
        .map(r -> r.length() > 90 ? r.substring(0, 90) + "..." : r)
        .toList();
  }

  /** What dbit's end reading on this path asks besides the counters: the open transactions. */
  private static final String END_READING = "FROM information_schema.INNODB_TRX";

  /** The markers' table, which only the control connection reads. */
  private static final String MARKERS = "`.`changed_tables`";

  /** The gate reads the markers uncommitted, so that an open transaction's show. */
  private static final String GATE = "READ UNCOMMITTED";

  /** Every third test writes a row; the others only read. */
  static boolean writes(int test) {
    return test % 3 == 0;
  }

  @DbIntegrationTest
  static class WritesOrReads {
    @RepeatedTest(TESTS)
    void writesOrReads(DataSource dataSource, RepetitionInfo repetition) throws SQLException {
      int test = repetition.getCurrentRepetition();
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        statement.executeQuery("SELECT 'dbit-marker-" + test + "'").close();
        if (writes(test)) {
          statement.executeUpdate(
              "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
                  + " ('g@example.com', 'G', 'DE', 'de')");
        } else {
          statement.executeQuery("SELECT COUNT(*) FROM country").close();
        }
      }
    }
  }

  /** Records every request Connector/J sends, with the connection that sent it. */
  public static final class RequestLog implements QueryInterceptor {
    private record Request(MysqlConnection connection, String sql) {}

    private static final List<Request> REQUESTS = new ArrayList<>();

    private MysqlConnection connection;

    static synchronized void clear() {
      REQUESTS.clear();
    }

    /**
     * The requests of dbit's control connection (the one that reads the markers) after each marked
     * test's marker and before the next one's, by the number of the test before.
     */
    static synchronized Map<Integer, List<String>> controlRequestsBetweenTests() {
      MysqlConnection control =
          REQUESTS.stream()
              .filter(r -> r.sql().contains(MARKERS))
              .map(Request::connection)
              .findFirst()
              .orElseThrow();
      Map<Integer, List<String>> between = new TreeMap<>();
      Integer test = null;
      List<String> requests = new ArrayList<>();
      for (Request request : REQUESTS) {
        if (request.sql().startsWith("SELECT 'dbit-marker-")) {
          if (test != null) {
            between.put(test, requests);
          }
          test = Integer.valueOf(request.sql().replaceAll("\\D", ""));
          requests = new ArrayList<>();
        } else if (request.connection() == control && test != null) {
          requests.add(request.sql());
        }
      }
      return between;
    }

    @Override
    public QueryInterceptor init(MysqlConnection connection, Properties properties, Log log) {
      this.connection = connection;
      return this;
    }

    @Override
    public <T extends Resultset> T preProcess(Supplier<String> sql, Query query) {
      synchronized (RequestLog.class) {
        REQUESTS.add(new Request(connection, sql.get()));
      }
      return null;
    }

    @Override
    public boolean executeTopLevelOnly() {
      return true;
    }

    @Override
    public void destroy() {}

    @Override
    public <T extends Resultset> T postProcess(
        Supplier<String> sql, Query query, T originalResultSet, ServerSession serverSession) {
      return null;
    }
  }
}
