package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Event;

/** Bad settings fail the test class before any database is touched, with an exact message. */
class ConfigurationErrorTest {

  @Test
  void badProviderFailsTheClassWithKeyValueAndAllowedValues() {
    Throwable failure = classFailure(Map.of("dbit.provider", "docker"));

    assertThat(failure)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            """
            dbit: invalid value 'docker' for dbit.provider. Allowed values: auto, embedded, \
            external, testcontainers.""");
  }

  /** A bad value for every key that has rules; each must name key, value and what is allowed. */
  static final Map<String, String> BAD_VALUES =
      Map.ofEntries(
          Map.entry(DbIntegrationTest.PROVIDER, "docker"),
          Map.entry(DbIntegrationTest.URL, "postgresql://127.0.0.1/"),
          Map.entry(DbIntegrationTest.MIGRATIONS, "http:x"),
          Map.entry(DbIntegrationTest.JDBC_PARAMS, "useSSL"),
          Map.entry(DbIntegrationTest.POOL_SIZE, "65"),
          Map.entry(DbIntegrationTest.EMBEDDED_DIR, "/etc/hostname"),
          Map.entry(DbIntegrationTest.IMAGE, "MySQL 8"),
          Map.entry(DbIntegrationTest.STALL_MODE, "strict"),
          Map.entry(DbIntegrationTest.RESET_AUTO_INCREMENT, "yes"),
          Map.entry(DbIntegrationTest.RESET_TRIGGERS, "off"),
          Map.entry(DbIntegrationTest.PASSWORD_FILE, "/no/such/dbit-password"),
          Map.entry(DbIntegrationTest.CONNECT_TIMEOUT, "0"),
          Map.entry(DbIntegrationTest.READ_TIMEOUT, "2 minutes"),
          Map.entry(DbIntegrationTest.REPORT_DIR, "/etc/hostname"),
          Map.entry(DbIntegrationTest.EMBEDDED_ENGINE, "postgres"),
          Map.entry(DbIntegrationTest.SCHEMA_COLLATION, "utf8mb4 bin"),
          Map.entry(DbIntegrationTest.SCRIPTS, "http:schema.sql"),
          Map.entry(DbIntegrationTest.LIQUIBASE_CHANGELOG, "db/changelog.yaml"),
          Map.entry(DbIntegrationTest.SPRING_CLEAR_CACHES, "yes"),
          Map.entry(DbIntegrationTest.REPORT_TEST_LINES, "sometimes"),
          Map.entry(DbIntegrationTest.N_PLUS_ONE_MODE, "loud"));

  /** Keys any text is valid for: a wrong user or password shows when dbit connects. */
  static final java.util.Set<String> FREE_TEXT = java.util.Set.of(DbIntegrationTest.USER);

  @Test
  void everyKeyIsCoveredByABadValueOrIsFreeText() throws IllegalAccessException {
    java.util.Set<String> keys = new java.util.TreeSet<>();
    for (java.lang.reflect.Field field : DbIntegrationTest.class.getFields()) {
      keys.add((String) field.get(null));
    }
    java.util.Set<String> covered = new java.util.TreeSet<>(BAD_VALUES.keySet());
    covered.addAll(FREE_TEXT);

    assertThat(covered).isEqualTo(keys);
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("badValues")
  void everyBadValueFailsTheClassNamingKeyValueAndWhatIsAllowed(String key, String value) {
    Throwable failure = classFailure(Map.of(key, value));

    assertThat(failure).isInstanceOf(ExtensionConfigurationException.class);
    assertThat(failure.getMessage())
        .startsWith("dbit: invalid value '" + value + "' for " + key + ". ")
        .containsAnyOf("Allowed values: ", "Give ", "It must ", "Each location must ", "It names ");
  }

  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> badValues() {
    return BAD_VALUES.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> org.junit.jupiter.params.provider.Arguments.of(e.getKey(), e.getValue()));
  }

  @Test
  void multiStatementModeIsRefusedForThePool() {
    Throwable failure =
        classFailure(Map.of("dbit.jdbc.params", "useServerPrepStmts=true&allowMultiQueries=true"));

    assertThat(failure)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            """
            dbit: dbit.jdbc.params must not set 'allowMultiQueries': multi-statement mode is only \
            ever enabled on dbit's own control connection. Remove it from dbit.jdbc.params.""");
  }

  @Test
  void unreachableServerIsNamedWithinSeconds() {
    long start = System.nanoTime();
    Throwable failure =
        classFailure(
            Map.of(
                "dbit.url",
                "jdbc:mysql://127.0.0.1:1/",
                "dbit.password.file",
                DbitTestKit.passwordFile("pw-never-shown")));
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    System.out.printf(
        "unreachable dbit.url: failed in %d ms with: %s%n", took.toMillis(), failure.getMessage());

    assertThat(failure.getMessage())
        .startsWith(
            "dbit: cannot connect to 127.0.0.1:1 as root (external server 127.0.0.1:1 as root):"
                + " Communications link failure")
        .endsWith(
            "Check that the server runs and accepts TCP connections there, and that dbit.url,"
                + " dbit.user and the password (DBIT_PASSWORD or dbit.password.file) are right.")
        .doesNotContain("pw-never-shown");
    assertThat(took).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void missingMigrationsSayWhereDbitLooked() {
    Throwable failure = classFailure(Map.of("dbit.migrations", "classpath:no/such/place"));

    assertThat(failure)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            """
            dbit: no migration files found at classpath:no/such/place (dbit.migrations). Put \
            Flyway SQL migrations (V1__create_tables.sql, ...) there, or set dbit.migrations to \
            where they are, for example filesystem:src/main/resources/db/migration""");
  }

  @Test
  void everyTestClassFailsFastWithTheSameError() {
    EngineExecutionResults results =
        DbitTestKit.run(
            Map.of("dbit.pool.size", "100"), FixtureTestCase.class, SecondFixtureTestCase.class);

    assertThat(results.containerEvents().failed().count()).isEqualTo(2);
    assertThat(results.testEvents().started().count()).isZero();
  }

  private static Throwable classFailure(Map<String, String> configuration) {
    EngineExecutionResults results = DbitTestKit.run(FixtureTestCase.class, configuration);
    Event failed = results.containerEvents().failed().list().get(0);
    assertThat(results.testEvents().started().count()).isZero();
    return DbitTestKit.failure(failed);
  }

  @DbIntegrationTest
  static class FixtureTestCase {
    @Test
    void neverRuns() {
      throw new AssertionError("must not run with a bad configuration");
    }
  }

  @DbIntegrationTest
  static class SecondFixtureTestCase {
    @Test
    void neverRunsEither() {
      throw new AssertionError("must not run with a bad configuration");
    }
  }
}
