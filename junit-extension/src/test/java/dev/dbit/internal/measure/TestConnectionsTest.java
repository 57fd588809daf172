package dev.dbit.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import com.mysql.cj.jdbc.JdbcConnection;
import dev.dbit.internal.server.EmbeddedMariaDb;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * dbit's own readings on the test connections (when the pool opens one, before it closes one) are
 * never a test's statement: a reading taken while the pool opens and closes connections on a thread
 * of its own shows no statement while no test runs any. A reading that counted one would let the
 * count of a test's statements look complete while its last statement was not yet in the totals
 * (under ci-under-load a test of four 50 ms sleeps once reported 152 ms).
 */
class TestConnectionsTest {
  private static EmbeddedMariaDb server;
  private static String url;

  @BeforeAll
  static void startServer() {
    server = EmbeddedMariaDb.start(Path.of(System.getProperty("user.home"), ".cache", "dbit"));
    url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED&user=root";
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  /**
   * The registry the leak watch and the pool ask holds a connection while it is open and forgets it
   * once closed, whether or not the server times statements: it serves the whole run.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aClosedConnectionLeavesTheRegistry(boolean timed) throws Exception {
    TestConnections connections = new TestConnections(timed);
    long thread;
    try (Connection connection = connections.opened(DriverManager.getConnection(url))) {
      thread = connection.unwrap(JdbcConnection.class).getId();
      assertThat(connections.threads()).containsExactly(thread);
      assertThat(connections.driver(thread)).isPresent();
    }
    assertThat(connections.threads()).isEmpty();
    assertThat(connections.driver(thread)).isEmpty();
  }

  @Test
  void connectionsOpeningAndClosingMeanwhileAddNoStatementToAReading() throws Exception {
    TestConnections connections = new TestConnections(true);
    StatementTimer timer = new StatementTimer(connections);
    AtomicBoolean done = new AtomicBoolean();
    AtomicReference<Throwable> poolFailure = new AtomicReference<>();
    Thread pool = new Thread(() -> openAndClose(connections, done, poolFailure), "pool");
    List<StatementTime> settled = new ArrayList<>();
    int readings = 0;
    try (Connection control = DriverManager.getConnection(url);
        Statement statement = control.createStatement()) {
      pool.start();
      for (; readings < 3_000; readings++) {
        try (ResultSet rows = statement.executeQuery(timer.sql())) {
          rows.next();
          Optional<StatementTime> reading = timer.parse(rows, 1);
          reading.filter(time -> !time.running()).ifPresent(settled::add);
        }
      }
    } finally {
      done.set(true);
      pool.join();
    }
    assertThat(poolFailure.get()).isNull();
    assertThat(settled).hasSizeGreaterThan(readings / 2);
    assertThat(settled).allSatisfy(time -> assertThat(time.timed()).isZero());
  }

  /** What a pool does on a thread of its own: opens connections and, later, closes them. */
  private static void openAndClose(
      TestConnections connections, AtomicBoolean done, AtomicReference<Throwable> failure) {
    List<Connection> open = new ArrayList<>();
    try {
      while (!done.get()) {
        open.add(connections.opened(DriverManager.getConnection(url)));
        if (open.size() == 4) {
          for (Connection connection : open) {
            connection.close();
          }
          open.clear();
        }
      }
      for (Connection connection : open) {
        connection.close();
      }
    } catch (SQLException | RuntimeException e) {
      failure.set(e);
    }
  }
}
