package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
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
    Set<String> before = containers();

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
    command.add(ConsoleRun.class.getName());
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
    assertThat(output.lines().count()).as(output).isLessThan(80);
    assertThat(containers()).as("containers of the failed start").isSubsetOf(before);
  }

  private static Set<String> containers() {
    return DockerClientFactory.instance()
        .client()
        .listContainersCmd()
        .withShowAll(true)
        .exec()
        .stream()
        .map(container -> container.getId())
        .collect(Collectors.toSet());
  }
}
