package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.DockerLook;
import dev.dbit.internal.server.ServerProvisioner;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The {@code testcontainers} provider for real, on the images {@code .ci/docker/images.sh} builds
 * on this machine (nothing is pulled). Skipped where no Docker engine holds them, except when
 * DBIT_REQUIRE_DOCKER=true (CI), where that is a failure. The fixtures share one container per
 * image for the test JVM ({@link DbitTestKit#run}), as a build's classes do.
 */
class TestcontainersProviderTest {
  static final String MYSQL = "dbit/mysql:8.0.31";
  static final String MARIADB = "dbit/mariadb:10.11";

  @TempDir Path dir;

  static Map<String, String> on(String image) {
    DockerLook look = ServerProvisioner.lookAtDocker(image);
    String finding = look.finding();
    boolean usable = look.usable();
    if (Boolean.parseBoolean(System.getenv("DBIT_REQUIRE_DOCKER"))) {
      assertThat(usable).as(finding).isTrue();
    }
    Assumptions.assumeTrue(usable, finding);
    return config(image);
  }

  /** The provider's settings for {@code image}, without looking for Docker. */
  static Map<String, String> config(String image) {
    return Map.of(DbIntegrationTest.PROVIDER, "testcontainers", DbIntegrationTest.IMAGE, image);
  }

  @ParameterizedTest
  @ValueSource(strings = {MYSQL, MARIADB})
  void testsRunOnTheContainerAndEveryTestStartsFromTheTemplate(String image) {
    Map<String, String> config = on(image);
    List<String> log;
    RootSql.password = "dbit-test-only";
    try (LogLines lines = new LogLines()) {
      DbitTestKit.assertAllSucceeded(
          DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, config),
          ResetCorrectnessTest.cases() + 1);
      log = lines.messages();
    } finally {
      RootSql.password = "";
    }

    assertThat(log).anyMatch(line -> line.contains("Testcontainers " + image + " on 127.0.0.1:"));
    assertThat(log).anyMatch(line -> line.contains("reset before each test on dbit_test_"));
  }

  @ParameterizedTest
  @ValueSource(strings = {MYSQL, MARIADB})
  void injectsThePoolAndHandle(String image) {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ParameterInjectionTest.InjectionTestCase.class, on(image)), 3);
  }

  /**
   * The large table fixture ({@link LargeReferenceTableTest}: 100,000 rows under a cascading
   * parent, changed in every way a test changes rows) on each image: the container's binary log is
   * its change source, so every test starts with the seed, a one-row change's reset reads a handful
   * of rows, and a cascade is restored by the rows it took, as on the embedded servers.
   */
  @ParameterizedTest
  @ValueSource(strings = {MYSQL, MARIADB})
  void largeTablesAndCascadesAreRestoredByTheRowsTheLogShows(String image) throws Exception {
    Map<String, String> config = new HashMap<>(on(image));
    config.put(
        DbIntegrationTest.MIGRATIONS,
        Migrations.write(dir, Map.of("V1__images.sql", LargeReferenceTableTest.SCHEMA)));
    try (LogLines lines = new LogLines()) {
      LargeReferenceTableTest.assertLoggedChangesReadFewRows(
          LargeReferenceTableTest.proveWith("Testcontainers " + image, config));
      String ready =
          lines.messages().stream()
              .filter(line -> line.contains("Testcontainers " + image) && line.contains("ready in"))
              .reduce((first, last) -> last)
              .orElseThrow();
      System.out.println("large reference table on " + image + ": " + ready);
      assertThat(ready)
          .contains("changed tables found by the binary log")
          .contains(
              "tables restored by the rows tests changed (1,000+ rows or under a cascade) (binary"
                  + " log): image, word")
          .contains(
              "cascades restored by the rows they took, followed through the template from the"
                  + " values their parents released (binary log)");
    }
  }

  /** What a class writes before its first test stays for its tests on each image too. */
  @ParameterizedTest
  @ValueSource(strings = {MYSQL, MARIADB})
  void classStartingStatesOnTheContainer(String image) throws Exception {
    Map<String, String> config = on(image);
    // The fixtures compare tables over a root connection of their own.
    RootSql.password = "dbit-test-only";
    try {
      ClassStartingStateTest.prove(dir, config);
    } finally {
      RootSql.password = "";
    }
  }

  /**
   * The seed's pattern on each image (server-side prepare, execute and close with Nagle on): one
   * large test fails as a stall with the server's own time, and a class of small tests fails
   * together; the container keeps the binary log, which names the tables tests changed.
   */
  @ParameterizedTest
  @ValueSource(strings = {MYSQL, MARIADB})
  void theSeedsStallIsCaughtAsOneTestAndAsAClassOfSmallTests(String image) {
    Map<String, String> config =
        SmallTestStallsTest.with(
            on(image),
            Map.of(
                DbIntegrationTest.JDBC_PARAMS,
                TransportStallTest.STALLING_DRIVER,
                DbIntegrationTest.MIGRATIONS,
                Migrations.smallShop()));
    List<String> log;
    try (LogLines lines = new LogLines()) {
      EngineExecutionResults large =
          DbitTestKit.run(StallFixtures.PreparedStatementsTestCase.class, config);
      TransportStallTest.assertStall(
          TransportStallTest.stallOf(large), TransportStallTest.ServerTiming.TRUSTED);
      ServerTimeInvariant.assertHolds("seed pattern on " + image, large);
      log = lines.messages();
    }
    assertThat(log).anyMatch(line -> line.contains("changed tables found by the binary log"));

    EngineExecutionResults small =
        DbitTestKit.run(SmallTestStallsTest.SmallPreparedTestCase.class, config);
    assertThat(small.testEvents().succeeded().count()).isEqualTo(SmallTestStallsTest.TESTS);
    assertThat(small.containerEvents().failed().stream().map(DbitTestKit::failure).toList())
        .as(
            "the class verdict on %s: %s",
            image, SmallTestStallsTest.containerEntries(small, ReportKeys.VERDICT_CLASS))
        .singleElement()
        .isInstanceOf(TransportStallError.class)
        .extracting(Throwable::getMessage)
        .asString()
        .contains("tests of SmallPreparedTestCase, each too small to judge alone");

    // The honest twins, slow for reasons of their own: none is flagged.
    Map<String, String> honest =
        SmallTestStallsTest.with(
            on(image), Map.of(DbIntegrationTest.MIGRATIONS, Migrations.smallShop()));
    EngineExecutionResults slow = DbitTestKit.run(StallFixtures.HonestTestCase.class, honest);
    DbitTestKit.assertAllSucceeded(slow, 6);
    ServerTimeInvariant.assertHolds("honest tests on " + image, slow, true);
  }

  /** Two classes at once on one container: a copy each, neither sees the other's rows. */
  @Test
  void parallelClassesOnOneContainerEachGetTheirOwnCopy() {
    java.util.Map<String, String> config = new java.util.HashMap<>(on(MARIADB));
    config.putAll(ParallelClassesTest.CLASSES_CONCURRENT);
    ParallelClassesTest.SCHEMAS.clear();
    ParallelClassesTest.BOTH_WROTE.reset();

    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(
            config, ParallelClassesTest.WritesA.class, ParallelClassesTest.WritesB.class),
        4);

    assertThat(ParallelClassesTest.SCHEMAS).as("one schema per class running at once").hasSize(2);
  }

  /** An image without the official images' entrypoint cannot run dbit's server options. */
  @Test
  void aContainerThatExitsIsReportedWithTheEndOfItsLog() {
    on(MYSQL);
    Map<String, String> config =
        Map.of(
            DbIntegrationTest.PROVIDER,
            "testcontainers",
            DbIntegrationTest.IMAGE,
            "dbit/debian:bookworm");

    EngineExecutionResults results =
        DbitTestKit.runInOwnSession(ParameterInjectionTest.InjectionTestCase.class, config);

    String failure =
        results.allEvents().failed().stream()
            .map(DbitTestKit::failure)
            .map(Throwable::getMessage)
            .findFirst()
            .orElseThrow();
    assertThat(failure)
        .startsWith("dbit: dbit.provider=testcontainers could not start dbit/debian:bookworm: ")
        .contains("the container did not become ready")
        .contains("\\\"--log-bin=dbit-binlog\\\": executable file not found")
        .contains("The image must take server options as its command")
        .doesNotContain("Check that a Docker engine runs");
  }

  /** {@code auto} never waits on a registry: an image the engine lacks means embedded, at once. */
  @Test
  void autoTakesTheEmbeddedServerWhenTheImageIsNotLocalAndSaysSo() {
    on(MYSQL);
    List<String> log;
    try (LogLines lines = new LogLines()) {
      DbitTestKit.assertAllSucceeded(
          DbitTestKit.runInOwnSession(
              ParameterInjectionTest.InjectionTestCase.class,
              Map.of(
                  DbIntegrationTest.PROVIDER,
                  "auto",
                  DbIntegrationTest.IMAGE,
                  "dbit/not-built-here:1",
                  DbIntegrationTest.EMBEDDED_ENGINE,
                  "mariadb")),
          3);
      log = lines.messages();
    }

    assertThat(log)
        .anyMatch(
            line ->
                line.contains("(no dbit.url, and the Docker engine at ")
                    && line.contains("answers but holds no dbit/not-built-here:1"));
  }
}
