package dev.dbit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs fixture test classes through the JUnit Platform with explicit dbit settings only.
 *
 * <p>Runs share this JVM's launcher session ({@link JvmSessionEngine}), and with it dbit's servers:
 * fixtures whose subject is not provisioning run on the one embedded MariaDB (or MySQL) that the
 * first run started. A test about starting, stopping or a server's own state uses {@link
 * #runInOwnSession}.
 *
 * <p>The fixtures were written for the embedded MariaDB (root, no password, userstat on): a run
 * that names neither a provider nor a server gets {@code dbit.provider=embedded}, so that a Docker
 * engine on the machine never swaps in another server, and {@code dbit.embedded.engine=mariadb}
 * unless it names the engine.
 */
final class DbitTestKit {
  private DbitTestKit() {}

  /**
   * A file holding {@code password} on its first line, for {@code dbit.password.file} (a test
   * cannot set {@code DBIT_PASSWORD} in its own JVM); deleted when the JVM exits.
   */
  static String passwordFile(String password) {
    try {
      java.nio.file.Path file = java.nio.file.Files.createTempFile("dbit-password", "");
      file.toFile().deleteOnExit();
      java.nio.file.Files.writeString(file, password + "\n");
      return file.toString();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static EngineExecutionResults run(Class<?> testCase, Map<String, String> configuration) {
    return run(configuration, testCase);
  }

  static EngineExecutionResults run(Map<String, String> configuration, Class<?>... testCases) {
    return run(EngineTestKit.engine(new JvmSessionEngine()), configuration, testCases);
  }

  /**
   * Runs {@code testCase} once on {@code directUrl} with {@code configuration}'s other settings,
   * and fails unless it passed: the template and a clean test schema then exist on that server, so
   * that a run through a slow path to it (a stalling relay) crosses that path only for what it
   * measures, as a second run of a suite does.
   */
  static void prepareOn(String directUrl, Class<?> testCase, Map<String, String> configuration) {
    Map<String, String> direct = new java.util.HashMap<>(configuration);
    direct.put(DbIntegrationTest.URL, directUrl);
    direct.put(DbIntegrationTest.STALL_MODE, "off");
    EngineExecutionResults results = run(direct, testCase);
    if (results.testEvents().failed().count() > 0
        || results.containerEvents().failed().count() > 0) {
      throw new AssertionError(
          "preparing "
              + testCase.getSimpleName()
              + " on "
              + directUrl
              + " failed: "
              + results.allEvents().failed().stream().map(DbitTestKit::describe).toList());
    }
  }

  /** Runs {@code testCase} in a launcher session of its own: dbit starts its servers anew. */
  static EngineExecutionResults runInOwnSession(
      Class<?> testCase, Map<String, String> configuration) {
    return run(EngineTestKit.engine("junit-jupiter"), configuration, testCase);
  }

  /** Runs {@code testCases} together in a launcher session of their own. */
  static EngineExecutionResults runInOwnSession(
      Map<String, String> configuration, Class<?>... testCases) {
    return run(EngineTestKit.engine("junit-jupiter"), configuration, testCases);
  }

  private static EngineExecutionResults run(
      EngineTestKit.Builder engine, Map<String, String> configuration, Class<?>... testCases) {
    return engine
        .enableImplicitConfigurationParameters(false)
        .configurationParameters(pinned(configuration))
        .selectors(
            java.util.Arrays.stream(testCases)
                .map(c -> selectClass(c))
                .toArray(org.junit.platform.engine.DiscoverySelector[]::new))
        .execute();
  }

  /**
   * {@code configuration}, with the embedded provider unless it names a provider or a server, and
   * the embedded MariaDB unless it names an engine (MySQL's binaries are on the test class path).
   */
  static Map<String, String> pinned(Map<String, String> configuration) {
    Map<String, String> pinned = new java.util.HashMap<>(configuration);
    if (!configuration.containsKey(DbIntegrationTest.PROVIDER)
        && !configuration.containsKey(DbIntegrationTest.URL)) {
      pinned.put(DbIntegrationTest.PROVIDER, "embedded");
    }
    pinned.putIfAbsent(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb");
    return pinned;
  }

  static EngineExecutionResults run(Class<?> testCase) {
    return run(testCase, Map.of());
  }

  /** Fails with every failure's message when not all {@code expected} tests succeeded. */
  static void assertAllSucceeded(EngineExecutionResults results, long expected) {
    List<String> failures =
        results.allEvents().failed().stream()
            .map(DbitTestKit::describe)
            .collect(Collectors.toList());
    long succeeded = results.testEvents().succeeded().count();
    if (!failures.isEmpty() || succeeded != expected) {
      throw new AssertionError(
          "expected "
              + expected
              + " tests to succeed, "
              + succeeded
              + " did; failures:\n"
              + String.join("\n", failures));
    }
  }

  /** Report entries published at class level (server, template, settings), first value wins. */
  static Map<String, String> classEntries(EngineExecutionResults results) {
    return results.containerEvents().reportingEntryPublished().stream()
        .map(
            event ->
                event.getRequiredPayload(org.junit.platform.engine.reporting.ReportEntry.class))
        .flatMap(entry -> entry.getKeyValuePairs().entrySet().stream())
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a));
  }

  /** The throwable a failed event carries. */
  static Throwable failure(Event event) {
    return event
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .orElseThrow();
  }

  private static String describe(Event event) {
    Optional<Throwable> throwable =
        event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable);
    return event.getTestDescriptor().getDisplayName()
        + ": "
        + throwable.map(DbitTestKit::withWhere).orElse("?");
  }

  /** The failure and the first frames that say where it was thrown, for a CI log to show. */
  private static String withWhere(Throwable failure) {
    StringBuilder text = new StringBuilder(failure.toString());
    java.util.Arrays.stream(failure.getStackTrace())
        .filter(frame -> frame.getClassName().startsWith("dev.dbit"))
        .limit(4)
        .forEach(frame -> text.append("\n    at ").append(frame));
    return text.toString();
  }

  /**
   * Runs {@code testCases} through the JUnit Platform launcher, which registers dbit's report
   * listener as Surefire does, and returns the report's JSON files in {@code reportDir}. Without
   * the session listeners of this test JVM: one of them closes the JVM's shared session.
   */
  static List<Path> launch(Map<String, String> configuration, Path reportDir, Class<?>... testCases)
      throws IOException {
    Map<String, String> config = new java.util.HashMap<>(configuration);
    config.put(DbIntegrationTest.REPORT_DIR, reportDir.toString());
    LauncherFactory.create(
            LauncherConfig.builder().enableLauncherSessionListenerAutoRegistration(false).build())
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(
                    java.util.Arrays.stream(testCases)
                        .map(c -> selectClass(c))
                        .toArray(org.junit.platform.engine.DiscoverySelector[]::new))
                .filters(EngineFilter.includeEngines("junit-jupiter"))
                .configurationParameters(config)
                .build());
    try (Stream<Path> files = Files.list(reportDir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".json")).toList();
    }
  }
}
