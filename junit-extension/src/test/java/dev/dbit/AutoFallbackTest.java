package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * {@code dbit.provider=auto} picks Testcontainers, and the start fails where Testcontainers cannot
 * reach the containers it starts (here: Ryuk's port, published on 127.0.0.1, looked for on
 * 127.0.0.2 through TESTCONTAINERS_HOST_OVERRIDE). The run falls back to the embedded server and
 * says why in a few lines, and no container of that start stays behind. In a JVM of its own, for
 * the environment variable and the console.
 */
class AutoFallbackTest {
  @Test
  void aFailedTestcontainersStartUnderAutoFallsBackToEmbeddedAndLeavesNoContainer()
      throws Exception {
    TestcontainersProviderTest.on(TestcontainersProviderTest.MARIADB);

    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    // Without slf4j-simple, as a project without an SLF4J provider: dbit sets the levels.
    command.add(
        List.of(System.getProperty("java.class.path").split(File.pathSeparator)).stream()
            .filter(entry -> !entry.contains("slf4j-simple"))
            .collect(Collectors.joining(File.pathSeparator)));
    command.add("-D" + DbIntegrationTest.PROVIDER + "=auto");
    command.add("-D" + DbIntegrationTest.IMAGE + "=" + TestcontainersProviderTest.MARIADB);
    command.add("-D" + DbIntegrationTest.EMBEDDED_ENGINE + "=mariadb");
    command.add(Child.class.getName());
    command.add(ParameterInjectionTest.InjectionTestCase.class.getName());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("TESTCONTAINERS_HOST_OVERRIDE", "127.0.0.2");
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
    Files.writeString(Path.of("target", "auto-fallback.log"), output);

    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output)
        .contains("dbit: provider testcontainers (")
        .contains("auto falls back to the embedded server")
        .contains("could not reach its port")
        .contains("dbit removed the Ryuk container this start left")
        .contains("dbit: provider embedded: embedded MariaDB");
    assertThat(output).doesNotContain("SLF4J");
    assertThat(output.lines().count()).as(output).isLessThan(80);
    Matcher session = Pattern.compile("Testcontainers session (\\S+)").matcher(output);
    assertThat(session.find()).as(output).isTrue();
    assertThat(containersOf(session.group(1))).as("containers of the failed start").isEmpty();
  }

  /** The containers of Testcontainers session {@code id}: its Ryuk, and what it labelled. */
  private static List<String> containersOf(String id) {
    DockerClient docker = DockerClientFactory.instance().client();
    List<String> found = new ArrayList<>();
    docker
        .listContainersCmd()
        .withShowAll(true)
        .withNameFilter(List.of("testcontainers-ryuk-" + id))
        .exec()
        .forEach(container -> found.add(container.getId()));
    docker
        .listContainersCmd()
        .withShowAll(true)
        .withLabelFilter(Map.of("org.testcontainers.sessionId", id))
        .exec()
        .forEach(container -> found.add(container.getId()));
    return found;
  }

  /**
   * {@link ConsoleRun}, printing the Testcontainers session of its JVM as it exits (not before the
   * run: Testcontainers' first log line would set SLF4J up before dbit does).
   */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) throws ClassNotFoundException {
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () ->
                      System.out.println(
                          "Testcontainers session " + DockerClientFactory.SESSION_ID)));
      ConsoleRun.main(args);
    }
  }
}
