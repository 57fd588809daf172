package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.DockerLook;
import dev.dbit.internal.server.EmbeddedMariaDb;
import dev.dbit.internal.server.EmbeddedMySql;
import dev.dbit.internal.server.ServerProvisioner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The stall verdict's matrix: provider x shape x level, each stall shape beside honest twins, every
 * cell run {@value #PROPERTY} times (default 1). A driver-path stall (server-side prepared
 * statements with Nagle on) and a path-wide one (a relay that splits every request) must be caught
 * as one large test, as a class of small tests and as a run of small classes; the twins (45 ms of
 * server sleep, Java sleep or CPU per statement) never flagged. Prints the counts per cell; fails
 * on any miss or false alarm. Tag {@code stall-matrix}: {@code .ci/run} runs it with 3 repeats.
 */
@Tag("stall-matrix")
class StallMatrixTest {
  static final String PROPERTY = "dbit.stall.matrix.repeats";

  /** One cell's counts: how often a stall was named, out of how many runs. */
  private final Map<String, int[]> cells = new LinkedHashMap<>();

  private final List<String> misses = new ArrayList<>();

  @Test
  void everyStallIsCaughtAtEveryLevelAndNoTwinIsFlagged() throws Exception {
    int repeats = Integer.getInteger(PROPERTY, 1);
    Path cache = Path.of(System.getProperty("user.home"), ".cache", "dbit");
    try (EmbeddedMariaDb mariaDb = EmbeddedMariaDb.start(cache);
        EmbeddedMySql mySql = EmbeddedMySqlTest.startOwn(getClass().getClassLoader())) {
      for (int repeat = 0; repeat < repeats; repeat++) {
        runProvider("embedded MariaDB 11.4.5", Map.of(), mariaDb.port());
        runProvider("embedded MySQL 8.0.31", EmbeddedMySqlTest.MYSQL, mySql.port());
        if (ExternalServerTest.reachable()) {
          runProvider("MariaDB 10.11 on 3306, no timer", ExternalServerTest.CONFIG, 3306);
        }
        for (String image :
            List.of(TestcontainersProviderTest.MARIADB, TestcontainersProviderTest.MYSQL)) {
          if (dockerHolds(image)) {
            runProvider("Testcontainers " + image, TestcontainersProviderTest.config(image), 0);
          }
        }
      }
    }
    System.out.println(table(repeats));
    assertThat(misses).as("missed stalls and false alarms").isEmpty();
  }

  private void runProvider(String provider, Map<String, String> server, int port)
      throws IOException {
    for (MatrixWorkload shape : MatrixWorkload.values()) {
      Map<String, String> config = new HashMap<>(TransportStallTest.onSmallShop());
      config.put(MatrixWorkload.KEY, shape.name());
      if (shape == MatrixWorkload.PATH_WIDE) {
        if (port > 0) {
          runThroughRelay(provider, config, port);
        }
        continue;
      }
      config.putAll(server);
      if (shape == MatrixWorkload.DRIVER_PATH) {
        config.put(DbIntegrationTest.JDBC_PARAMS, TransportStallTest.STALLING_DRIVER);
      }
      runLevels(provider, shape, config);
    }
  }

  /**
   * Whether Docker holds {@code image} (built by {@code .ci/docker/images.sh}); where CI requires
   * Docker (DBIT_REQUIRE_DOCKER=true), a missing image fails instead.
   */
  private static boolean dockerHolds(String image) {
    DockerLook look = ServerProvisioner.lookAtDocker(image);
    if (Boolean.parseBoolean(System.getenv("DBIT_REQUIRE_DOCKER"))) {
      assertThat(look.usable()).as(look.finding()).isTrue();
    }
    return look.usable();
  }

  /** The relay's runs cross it only for what they measure: the template is built directly. */
  private void runThroughRelay(String provider, Map<String, String> config, int port)
      throws IOException {
    String direct = "jdbc:mysql://127.0.0.1:" + port + "/?sslMode=DISABLED";
    DbitTestKit.prepareOn(direct, MatrixFixtures.LargeTestCase.class, config);
    try (PacketRelay relay = PacketRelay.splitting(port)) {
      config.put(DbIntegrationTest.URL, relay.url());
      runLevels(provider, MatrixWorkload.PATH_WIDE, config);
    }
  }

  /** One engine run for a large test and a class of small tests, one for a run of small classes. */
  private void runLevels(String provider, MatrixWorkload shape, Map<String, String> config) {
    EngineExecutionResults testAndClass =
        DbitTestKit.run(
            config, MatrixFixtures.LargeTestCase.class, MatrixFixtures.SmallTestsCase.class);
    count(provider, shape, "test", TransportStallTest.verdicts(testAndClass));
    count(
        provider,
        shape,
        "class",
        SmallTestStallsTest.containerEntries(testAndClass, ReportKeys.STALL_CLASS));
    EngineExecutionResults run =
        DbitTestKit.run(
            config,
            MatrixFixtures.SmallOneCase.class,
            MatrixFixtures.SmallTwoCase.class,
            MatrixFixtures.SmallThreeCase.class,
            MatrixFixtures.SmallFourCase.class);
    List<String> runVerdicts = SmallTestStallsTest.containerEntries(run, ReportKeys.STALL_RUN);
    count(provider, shape, "run", runVerdicts.isEmpty() ? List.of("none") : runVerdicts);
  }

  /** A stall must be named; a twin must not. Every verdict of the level counts. */
  private void count(String provider, MatrixWorkload shape, String level, List<String> verdicts) {
    boolean named = verdicts.stream().anyMatch(v -> v.startsWith("transport stall"));
    int[] cell =
        cells.computeIfAbsent(
            String.format(Locale.ROOT, "%-32s %-12s %-6s", provider, shape.label(), level),
            k -> new int[2]);
    cell[0] += named ? 1 : 0;
    cell[1]++;
    if (named != shape.stalls()) {
      misses.add(
          String.format(
              Locale.ROOT,
              "%s, %s, %s: %s %s",
              provider,
              shape.label(),
              level,
              shape.stalls() ? "missed:" : "false alarm:",
              verdicts));
    }
  }

  private String table(int repeats) {
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT,
            "stall matrix (%d repeats per cell): provider, shape, level, stall named / runs%n",
            repeats));
    cells.forEach(
        (cell, counts) ->
            table.append(String.format(Locale.ROOT, "  %s %d/%d%n", cell, counts[0], counts[1])));
    misses.forEach(miss -> table.append("  MISS ").append(miss).append(System.lineSeparator()));
    return table.toString();
  }
}
