package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.DockerLook;
import dev.dbit.internal.server.ServerProvisioner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The stall verdict's matrix: provider x shape x level, each stall shape beside honest twins, every
 * cell run as often as the system property {@value #PROPERTY} says (default 1). A driver-path stall
 * (server-side prepared statements with Nagle on) and a path-wide one (a relay that splits every
 * request) must be caught as one 20-statement test, as a class of eight 3-statement tests and as a
 * run of three classes of two 4-statement tests, on every provider (the containers too); the twins
 * (45 ms of server sleep, a join the server computes, Java sleep or CPU per statement, and twenty
 * fast statements for each) never flagged. Prints the counts per cell; fails on any miss or false
 * alarm. Tag {@code stall-matrix}: {@code .ci/run} runs it with 3 repeats.
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
    for (int repeat = 0; repeat < repeats; repeat++) {
      runProvider("embedded MariaDB 11.4.5", Map.of(), Map.of());
      runProvider("embedded MySQL 8.0.31", EmbeddedMySqlTest.MYSQL, Map.of());
      if (ExternalServerTest.reachable()) {
        runProvider("MariaDB 10.11 on 3306, no timer", ExternalServerTest.CONFIG, Map.of());
      }
      for (String image :
          List.of(TestcontainersProviderTest.MARIADB, TestcontainersProviderTest.MYSQL)) {
        if (dockerHolds(image)) {
          runProvider(
              "Testcontainers " + image, TestcontainersProviderTest.config(image), containerRoot());
        }
      }
    }
    System.out.println(table(repeats));
    assertThat(misses).as("missed stalls and false alarms").isEmpty();
  }

  /**
   * Every shape on one provider; the path-wide shape, last, through a relay in front of the
   * provider's own server, reached as an external one with {@code root}'s settings.
   */
  private void runProvider(String provider, Map<String, String> server, Map<String, String> root)
      throws IOException {
    int port = 0;
    for (MatrixWorkload shape : MatrixWorkload.values()) {
      Map<String, String> config = new HashMap<>(TransportStallTest.onSmallShop());
      config.put(MatrixWorkload.KEY, shape.name());
      if (shape == MatrixWorkload.PATH_WIDE) {
        config.putAll(root);
        runThroughRelay(provider, config, port);
        continue;
      }
      config.putAll(server);
      if (shape == MatrixWorkload.DRIVER_PATH) {
        config.put(DbIntegrationTest.JDBC_PARAMS, TransportStallTest.STALLING_DRIVER);
      }
      port = runLevels(provider, shape, config);
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

  /** The containers' root (TestcontainersMySql sets its password): a password file of its own. */
  private static Map<String, String> containerRoot() throws IOException {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("dbit-matrix", ".password");
    file.toFile().deleteOnExit();
    java.nio.file.Files.writeString(file, "dbit-test-only");
    return Map.of(DbIntegrationTest.USER, "root", DbIntegrationTest.PASSWORD_FILE, file.toString());
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

  /**
   * One engine run for a large test and a class of small tests, one for a run of small classes;
   * returns the port of the server they ran on.
   */
  private int runLevels(String provider, MatrixWorkload shape, Map<String, String> config) {
    EngineExecutionResults testAndClass =
        DbitTestKit.run(
            config, MatrixFixtures.LargeTestCase.class, MatrixFixtures.SmallTestsCase.class);
    Matcher server =
        Pattern.compile("127\\.0\\.0\\.1:([0-9]+)")
            .matcher(DbitTestKit.classEntries(testAndClass).get(ReportKeys.SERVER));
    assertThat(server.find()).as("the server's address").isTrue();
    count(provider, shape, "test", TransportStallTest.verdicts(testAndClass));
    count(
        provider,
        shape,
        "class",
        SmallTestStallsTest.containerEntries(testAndClass, ReportKeys.VERDICT_CLASS));
    EngineExecutionResults run =
        DbitTestKit.run(
            config,
            MatrixFixtures.SmallOneCase.class,
            MatrixFixtures.SmallTwoCase.class,
            MatrixFixtures.SmallThreeCase.class);
    List<String> runVerdicts = SmallTestStallsTest.containerEntries(run, ReportKeys.VERDICT_RUN);
    count(provider, shape, "run", runVerdicts.isEmpty() ? List.of("none") : runVerdicts);
    return Integer.parseInt(server.group(1));
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
