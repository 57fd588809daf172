package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What a plain run prints, in a JVM whose class path has no SLF4J provider (as a project without
 * one would): no SLF4J warning, dbit's own lines, and the lines of the libraries dbit brings.
 */
class ConsoleOutputTest {

  @Test
  void aRunWithoutAnSlf4jProviderPrintsNoSlf4jWarning() throws Exception {
    String output = run(ReportEntriesTest.ThreeStatementsTestCase.class);

    assertThat(output).doesNotContain("SLF4J");
    // One line per record on JUL's default console, not the JDK's two.
    assertThat(output)
        .containsPattern("(?m)^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO dbit: embedded MariaDB")
        .doesNotContain("INFO: dbit:");
    // HikariCP logs through SLF4J: its lines arrive, through System.Logger.
    assertThat(output)
        .containsPattern("(?m)^[0-9:.]+ INFO dbit-dbit_test_[0-9a-f]+_[0-9]+ - Start completed");
  }

  @Test
  void theRunSummaryCountsDynamicTestsAsJUnitDoes() throws Exception {
    String output = run(ResetGranularityTest.SharedFactoryTestCase.class);

    assertThat(output)
        .containsPattern("dbit run summary \\(fork [^)]+\\): 3 tests on embedded MariaDB")
        .contains("  measured: 0 of them;");
  }

  /** Runs {@code testClass} in a JVM of its own, without an SLF4J provider; what it printed. */
  private static String run(Class<?> testClass) throws Exception {
    return run(testClass, false);
  }

  private static String run(Class<?> testClass, boolean withSlf4jSimple) throws Exception {
    String classPath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> withSlf4jSimple || !entry.contains("slf4j-simple"))
            .collect(Collectors.joining(File.pathSeparator));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(classPath);
    // The test resources' simplelogger.properties keeps slf4j-simple at WARN.
    command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
    command.add("-D" + DbIntegrationTest.PROVIDER + "=embedded");
    command.add("-D" + DbIntegrationTest.EMBEDDED_ENGINE + "=mariadb");
    command.add(ConsoleRun.class.getName());
    command.add(testClass.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();

    assertThat(process.exitValue()).as(output).isZero();
    return output;
  }
}
