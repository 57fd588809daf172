package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A server or proxy that accepts TCP and then goes silent fails the run within the connect timeout,
 * with a message that names the server and the stage; a reply that never comes fails the statement
 * within the read timeout.
 */
class NeverHangTest {

  @ParameterizedTest(name = "silent after {0}")
  @CsvSource({
    "ACCEPT, waiting for the server's greeting (the first packet a MySQL server sends)",
    "GREETING_WITH_TLS, the TLS handshake",
    "GREETING_WITHOUT_TLS, authentication"
  })
  void aSilentServerFailsTheRunWithinTheConnectTimeoutNamingTheStage(
      SilentServerFixture.SilentAfter silentAfter, String stage) throws Exception {
    try (SilentServerFixture silent = new SilentServerFixture(silentAfter)) {
      long start = System.nanoTime();
      EngineExecutionResults results =
          DbitTestKit.run(
              ReportEntriesTest.ThreeStatementsTestCase.class,
              Map.of(
                  DbIntegrationTest.URL,
                  // A server on this machine gets no TLS unless asked for: ask, to reach that
                  // stage.
                  silentAfter == SilentServerFixture.SilentAfter.GREETING_WITH_TLS
                      ? silent.url() + "?sslMode=PREFERRED"
                      : silent.url(),
                  DbIntegrationTest.CONNECT_TIMEOUT,
                  "2"));
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      Throwable failure = DbitTestKit.failure(results.containerEvents().failed().list().get(0));
      System.out.printf(
          "silent after %s: failed in %d ms with: %s%n",
          silentAfter, took.toMillis(), failure.getMessage());

      assertThat(results.testEvents().started().count()).isZero();
      assertThat(failure.getMessage())
          .isEqualTo(
              "dbit: external server 127.0.0.1:"
                  + silent.port()
                  + " as root did not answer during "
                  + stage
                  + " within 2 s (dbit.timeout.connect=2). "
                  + (silentAfter == SilentServerFixture.SilentAfter.GREETING_WITH_TLS
                      ? "A proxy or tunnel that accepts connections but does not reach a MySQL"
                          + " server does this, as does a server too busy to answer; if the path"
                          + " cannot carry TLS, add sslMode=DISABLED to dbit.url. "
                      : "A proxy or tunnel that accepts connections but does not reach a MySQL"
                          + " server does this, as does a server too busy to answer. ")
                  + "Widen dbit.timeout.connect if the server is merely slow.");
      // Two seconds per attempt; no retry loop, no wait for the OS's TCP timeout.
      assertThat(took).isLessThan(Duration.ofSeconds(30));
    }
  }

  @Test
  void aReplyThatNeverComesFailsTheStatementWithinTheReadTimeout() {
    long start = System.nanoTime();
    EngineExecutionResults results =
        DbitTestKit.run(SleepsTestCase.class, Map.of(DbIntegrationTest.READ_TIMEOUT, "2"));
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    Throwable failure = DbitTestKit.failure(results.testEvents().failed().list().get(0));
    System.out.printf(
        "no reply within dbit.timeout.read=2: failed after %d ms in all with: %s%n",
        took.toMillis(), failure.getMessage().replace('\n', ' '));

    assertThat(failure.getMessage()).startsWith("Communications link failure");
    assertThat(results.testEvents().succeeded().count())
        .as("the next test gets a working pool")
        .isEqualTo(1);
  }

  @DbIntegrationTest
  @org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
  static class SleepsTestCase {
    @Test
    @org.junit.jupiter.api.Order(1)
    void waitsLongerThanTheReadTimeout(DataSource dataSource) throws Exception {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("SELECT SLEEP(30)");
      }
    }

    @Test
    @org.junit.jupiter.api.Order(2)
    void runsAfterIt(DataSource dataSource) throws Exception {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("SELECT 1");
      }
    }
  }
}
