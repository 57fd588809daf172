package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.dbit.internal.server.EmbeddedMariaDb;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The stall guard on real 44 ms stalls, no sleeps: Connector/J's server-side prepared statements
 * with Nagle on, and a relay that splits every packet; on MariaDB 11.4 with performance_schema and
 * on the machine's MariaDB 10.11 without it.
 */
class TransportStallTest {
  static final String STALLING_DRIVER = "tcpNoDelay=false&useServerPrepStmts=true";
  private static final String EXTERNAL = "jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED";
  private static EmbeddedMariaDb embedded;

  @BeforeAll
  static void startServer() {
    embedded = EmbeddedMariaDb.start(Path.of(System.getProperty("user.home"), ".cache", "dbit"));
  }

  @AfterAll
  static void stopServer() {
    embedded.close();
  }

  static String embeddedUrl() {
    return "jdbc:mysql://127.0.0.1:" + embedded.port() + "/?sslMode=DISABLED";
  }

  /** The stall fixtures' two tables: the subject here is the guard, not the 135-table reset. */
  static Map<String, String> onSmallShop(String... keysAndValues) {
    Map<String, String> config = new java.util.HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      config.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    config.put("dbit.migrations", Migrations.smallShop());
    return config;
  }

  static Throwable stallOf(EngineExecutionResults results) {
    List<Throwable> failures =
        results.testEvents().failed().stream()
            .map(DbitTestKit::failure)
            .collect(Collectors.toList());
    assertThat(failures).as("failures; verdicts %s", verdicts(results)).hasSize(1);
    return failures.get(0);
  }

  enum ServerTiming {
    TRUSTED,
    INCLUDES_TRANSPORT_WAIT,
    OFF
  }

  static void assertStall(Throwable failure, ServerTiming timing) {
    // Printed so that CI logs show what a developer would see.
    System.out.println(failure.getMessage());
    assertThat(failure).isInstanceOf(TransportStallError.class);
    assertThat(failure.getMessage())
        .startsWith("transport stall: 40 statements waited ")
        .contains("Protocol paths timed through the pool's settings:")
        .contains("What to change: ");
    switch (timing) {
      case TRUSTED ->
          assertThat(failure.getMessage())
              .containsPattern("while the server spent [0-9.]+ ms \\([0-9.]+ % of wall time");
      case INCLUDES_TRANSPORT_WAIT ->
          assertThat(failure.getMessage())
              .containsPattern(
                  "its timer reports [0-9.]+ ms for a SELECT 1 that takes [0-9.]+ ms end to end")
              .contains("the probe below confirmed the stall");
      case OFF ->
          assertThat(failure.getMessage())
              .contains("performance_schema is off; the probe below confirmed the stall");
    }
    TestMetrics metrics = ((TransportStallError) failure).metrics();
    assertThat(metrics.jdbcMillisPerStatement()).isGreaterThan(30);
    assertThat(metrics.statements()).isEqualTo(40);
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class OnMariaDb114WithPerformanceSchema {

    @Test
    void serverPreparedStatementsWithNagleFailWithTheProbeTable() {
      Throwable failure =
          stallOf(
              DbitTestKit.run(
                  StallFixtures.PreparedStatementsTestCase.class,
                  onSmallShop("dbit.url", embeddedUrl(), "dbit.jdbc.params", STALLING_DRIVER)));

      assertStall(failure, ServerTiming.TRUSTED);
      assertThat(failure.getMessage())
          .containsPattern("server-side prepare/execute/close +median +[0-9.]+ ms .*STALLS")
          .containsPattern("plain text query +median +[0-9.]+ ms .* ok")
          .contains("Remove tcpNoDelay=false")
          .contains("useServerPrepStmts=false&cachePrepStmts=true&tcpNoDelay=true");
    }

    /** Also the server doctor's view of that path: slow, with the loopback echo beside it. */
    @Test
    void aRelayThatSplitsPacketsFailsEvenPlainStatements() throws IOException {
      DbitTestKit.prepareOn(
          embeddedUrl(), StallFixtures.PlainStatementsTestCase.class, onSmallShop());
      try (PacketRelay relay = PacketRelay.splitting(embedded.port())) {
        EngineExecutionResults results =
            DbitTestKit.run(
                StallFixtures.PlainStatementsTestCase.class, onSmallShop("dbit.url", relay.url()));
        Throwable failure = stallOf(results);

        assertStall(failure, ServerTiming.INCLUDES_TRANSPORT_WAIT);
        assertThat(failure.getMessage())
            .containsPattern("plain text query +median +[0-9.]+ ms .*STALLS")
            .contains("every request stalls, even a one-packet SELECT 1");
        assertThat(DbitTestKit.classEntries(results).get(ReportKeys.SERVER_WARNINGS))
            .containsPattern(
                "the path to the server is slow: even the quickest SELECT 1s take [0-9.]+ ms"
                    + " \\(p10; median [0-9.]+ ms\\) against [0-9.]+ ms for a loopback echo in"
                    + " this JVM \\(median; N=50 each, taken alternately\\),"
                    + " with the pool's driver settings; a local server answers in about 0.1 ms."
                    + " Check the network path and tcpNoDelay.");
      }
    }

    @Test
    void theSameTestPassesWithOnePacketPerStatement() {
      EngineExecutionResults results =
          DbitTestKit.run(
              StallFixtures.PreparedStatementsTestCase.class,
              onSmallShop(
                  "dbit.url",
                  embeddedUrl(),
                  "dbit.jdbc.params",
                  "useServerPrepStmts=false&cachePrepStmts=true"));

      DbitTestKit.assertAllSucceeded(results, 1);
      assertThat(verdicts(results)).singleElement().asString().startsWith("ok:");
    }

    @Test
    void warnModeReportsTheStallButPasses() {
      EngineExecutionResults results =
          DbitTestKit.run(
              StallFixtures.PreparedStatementsTestCase.class,
              onSmallShop(
                  "dbit.url",
                  embeddedUrl(),
                  "dbit.jdbc.params",
                  STALLING_DRIVER,
                  "dbit.stall.mode",
                  "warn"));

      DbitTestKit.assertAllSucceeded(results, 1);
      assertThat(verdicts(results)).singleElement().asString().startsWith("transport stall:");
    }

    @Test
    void honestTestsAreNeverFlagged() {
      EngineExecutionResults results =
          DbitTestKit.run(
              StallFixtures.HonestTestCase.class, onSmallShop("dbit.url", embeddedUrl()));

      DbitTestKit.assertAllSucceeded(results, 6);
      assertThat(verdicts(results)).hasSize(6).allSatisfy(v -> assertThat(v).startsWith("ok:"));
    }
  }

  @Nested
  class OnMariaDb1011WithoutPerformanceSchema {

    @BeforeAll
    static void serverAnswers() {
      assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    }

    @Test
    void serverPreparedStatementsWithNagleFailOnceTheProbeConfirms() {
      Throwable failure =
          stallOf(
              DbitTestKit.run(
                  StallFixtures.PreparedStatementsTestCase.class,
                  onSmallShop("dbit.url", EXTERNAL, "dbit.jdbc.params", STALLING_DRIVER)));

      assertStall(failure, ServerTiming.OFF);
    }

    /**
     * A path that stalls every request, on a server with no timer: the probe finds no healthy path
     * to compare with, and the loopback echo taken between its requests shows an idle machine.
     */
    @Test
    void aRelayThatSplitsPacketsFailsATestAndAClassOfSmallTests() throws IOException {
      DbitTestKit.prepareOn(EXTERNAL, StallFixtures.PlainStatementsTestCase.class, onSmallShop());
      try (PacketRelay relay = PacketRelay.splitting(3306)) {
        EngineExecutionResults results =
            DbitTestKit.run(
                onSmallShop("dbit.url", relay.url()),
                StallFixtures.PlainStatementsTestCase.class,
                StallFixtures.SmallPlainStatementsTestCase.class);

        Throwable failure = stallOf(results);
        assertStall(failure, ServerTiming.OFF);
        assertThat(failure.getMessage())
            .containsPattern("plain text query +median +[0-9.]+ ms .*STALLS")
            .containsPattern(
                "\nEvidence: [0-9.]+ ms of JDBC wait per statement against a [0-9.]+ ms round"
                    + " trip; every request of every path waits \\(fastest p10 [0-9.]+ ms\\)"
                    + " while this machine answers a loopback echo in [0-9.]+ ms")
            .contains("every request stalls, even a one-packet SELECT 1");
        assertThat(SmallTestStallsTest.containerEntries(results, ReportKeys.VERDICT_CLASS))
            .anySatisfy(v -> assertThat(v).startsWith("transport stall: "));
      }
    }

    @Test
    void honestTestsAreNeverFlagged() {
      EngineExecutionResults results =
          DbitTestKit.run(StallFixtures.HonestTestCase.class, onSmallShop("dbit.url", EXTERNAL));

      DbitTestKit.assertAllSucceeded(results, 6);
      assertThat(verdicts(results))
          .hasSize(6)
          .noneSatisfy(v -> assertThat(v).startsWith("transport stall"));
    }
  }

  static List<String> verdicts(EngineExecutionResults results) {
    return results.testEvents().reportingEntryPublished().stream()
        .map(
            event ->
                event
                    .getRequiredPayload(ReportEntry.class)
                    .getKeyValuePairs()
                    .get(ReportKeys.VERDICT))
        .filter(java.util.Objects::nonNull)
        .collect(Collectors.toList());
  }
}
