package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The server's list of open transactions is a copy that MariaDB and MySQL refresh only once nobody
 * has read it for 100 ms, so where other runs read it all the time it can show a transaction that
 * was committed long ago. dbit must not end a connection on such an entry: a connection a test
 * opened itself and keeps open, whose transaction is committed, stays usable.
 */
class StaleTransactionListTest {

  static Stream<Arguments> servers() {
    Stream<Arguments> embedded =
        Stream.of(
            Arguments.of("embedded MariaDB", Map.of()),
            Arguments.of("embedded MySQL", EmbeddedMySqlTest.MYSQL));
    return ExternalServerTest.reachable()
        ? Stream.concat(
            embedded, Stream.of(Arguments.of("external server", ExternalServerTest.CONFIG)))
        : embedded;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("servers")
  void aCommittedTransactionOnAConnectionDbitDidNotHandOutIsNotTakenForALeak(
      String server, Map<String, String> configuration) {
    KeepsItsOwnConnectionTestCase.listShowedCommitted.set(false);
    KeepsItsOwnConnectionTestCase.committed.set(false);
    EngineExecutionResults results;
    try {
      results = DbitTestKit.run(KeepsItsOwnConnectionTestCase.class, configuration);
    } finally {
      KeepsItsOwnConnectionTestCase.closeAll();
    }

    assertThat(KeepsItsOwnConnectionTestCase.listShowedCommitted.get())
        .as("the server's copy of the list still showed the committed transaction at the end")
        .isTrue();
    DbitTestKit.assertAllSucceeded(results, 2);
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class KeepsItsOwnConnectionTestCase {
    static final AtomicReference<Connection> own = new AtomicReference<>();
    static final AtomicBoolean reading = new AtomicBoolean();
    static final AtomicBoolean committed = new AtomicBoolean();
    static final AtomicBoolean listShowedCommitted = new AtomicBoolean();
    static Thread reader;

    @Test
    @Order(1)
    void commitsOnItsOwnConnectionWhileTheListIsReadAllTheTime(TestDatabase database)
        throws Exception {
      Connection connection = DriverManager.getConnection(database.jdbcUrl(), "root", "");
      own.set(connection);
      long thread;
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT CONNECTION_ID()")) {
        rows.next();
        thread = rows.getLong(1);
      }
      Connection look = DriverManager.getConnection(database.jdbcUrl(), "root", "");
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        statement.executeUpdate("INSERT INTO brand (name) VALUES ('committed')");
      }
      // Read the list until it shows the open transaction, then commit and keep reading it more
      // often than every 100 ms, as parallel runs do: the copy stays the one taken before commit.
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (!listed(look, thread) && System.nanoTime() < deadline) {
        LockSupport.parkNanos(150_000_000L);
      }
      reading.set(true);
      reader = new Thread(() -> readAllTheTime(look, thread), "reads the transaction list");
      reader.setDaemon(true);
      reader.start();
      connection.commit();
      committed.set(true);
    }

    @Test
    @Order(2)
    void usesItsOwnConnectionAgain() throws SQLException {
      try (Statement statement = own.get().createStatement();
          ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM brand")) {
        rows.next();
      }
    }

    private static void readAllTheTime(Connection look, long thread) {
      try (look) {
        while (reading.get()) {
          if (committed.get() && listed(look, thread)) {
            listShowedCommitted.set(true);
          }
          LockSupport.parkNanos(20_000_000L);
        }
      } catch (SQLException e) {
        // The run ended.
      }
    }

    private static boolean listed(Connection look, long thread) throws SQLException {
      try (PreparedStatement query =
          look.prepareStatement(
              "SELECT COUNT(*) FROM information_schema.INNODB_TRX"
                  + " WHERE trx_mysql_thread_id = ? AND trx_rows_modified > 0")) {
        query.setLong(1, thread);
        try (ResultSet rows = query.executeQuery()) {
          rows.next();
          return rows.getLong(1) > 0;
        }
      }
    }

    static void closeAll() {
      reading.set(false);
      try {
        if (reader != null) {
          reader.join(5_000);
        }
        Connection connection = own.getAndSet(null);
        if (connection != null) {
          connection.close();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (SQLException e) {
        // dbit ended it: the test above has failed already.
      }
    }
  }
}
