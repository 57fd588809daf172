package dev.dbit.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigurationReaderTest {

  private static DbitConfiguration read(Map<String, String> parameters) {
    return new ConfigurationReader(key -> Optional.ofNullable(parameters.get(key))).read();
  }

  @Test
  void defaultsNeedNoSettings() {
    DbitConfiguration config = read(Map.of());

    assertThat(config.provider()).isEqualTo(ProviderKind.AUTO);
    assertThat(config.externalUrl()).isEmpty();
    assertThat(config.user()).isEqualTo("root");
    assertThat(config.password().isEmpty()).isTrue();
    assertThat(config.migrations()).containsExactly("classpath:db/migration");
    assertThat(config.jdbcParams()).isEmpty();
    assertThat(config.poolSize()).isEqualTo(4);
    assertThat(config.image()).isEqualTo("mysql:8.4");
    assertThat(config.stall()).isEqualTo(Mode.FAIL);
  }

  @Test
  void timeoutsDefaultToTenAndOneHundredTwentySeconds() {
    assertThat(read(Map.of()).timeouts()).isEqualTo(Timeouts.DEFAULTS);
    assertThat(read(Map.of("dbit.timeout.connect", "3", "dbit.timeout.read", "600")).timeouts())
        .isEqualTo(
            new Timeouts(java.time.Duration.ofSeconds(3), java.time.Duration.ofSeconds(600)));
  }

  @Test
  void thePasswordCanComeFromTheEnvironment() {
    DbitConfiguration config =
        new ConfigurationReader(key -> Optional.empty(), Map.of("DBIT_PASSWORD", "from-env")::get)
            .read();

    assertThat(config.password().reveal()).isEqualTo("from-env");
  }

  @Test
  void thePasswordCanComeFromTheFirstLineOfAFile(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path file =
        java.nio.file.Files.writeString(dir.resolve("pw"), "from-file\nignored\n");

    assertThat(read(Map.of("dbit.password.file", file.toString())).password().reveal())
        .isEqualTo("from-file");
  }

  @Test
  void aPasswordGivenTwoWaysIsRefusedWithoutShowingIt() {
    assertThatThrownBy(
            () ->
                new ConfigurationReader(
                        key ->
                            Optional.ofNullable(
                                Map.of("dbit.password.file", "/etc/hostname").get(key)),
                        Map.of("DBIT_PASSWORD", "pw-two")::get)
                    .read())
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "dbit: the password is given 2 ways (dbit.password.file, DBIT_PASSWORD); keep one.");
  }

  @Test
  void aPasswordKeyIsRefusedWithoutShowingItsValue() {
    assertThatThrownBy(() -> read(Map.of("dbit.password", "pw-one")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "dbit: dbit.password is no longer read: give the password in the environment variable"
                + " DBIT_PASSWORD or in a file named by dbit.password.file: Surefire copies system"
                + " properties, values included, into its reports.");
  }

  @Test
  void timeoutsInTheUrlOrTheParamsAreRefusedForTheDbitKeys() {
    assertThatThrownBy(() -> read(Map.of("dbit.url", "jdbc:mysql://h:3306/?socketTimeout=5")))
        .hasMessage(
            "dbit: invalid value 'jdbc:mysql://h:3306/?socketTimeout=5' for dbit.url. It must not"
                + " set sockettimeout: dbit bounds connecting with dbit.timeout.connect and every"
                + " wait for a reply with dbit.timeout.read; set those instead.");
    assertThatThrownBy(() -> read(Map.of("dbit.jdbc.params", "connectTimeout=1")))
        .hasMessage(
            "dbit: dbit.jdbc.params must not set 'connectTimeout': dbit bounds connecting with"
                + " dbit.timeout.connect; set that instead. Remove it from dbit.jdbc.params.");
  }

  @Test
  void readsTheStallMode() {
    DbitConfiguration config = read(Map.of("dbit.stall.mode", "WARN"));

    assertThat(config.stall()).isEqualTo(Mode.WARN);
  }

  @Test
  void readsEveryKey() {
    DbitConfiguration config =
        read(
            Map.of(
                "dbit.provider", "External",
                "dbit.url", "jdbc:mysql://db.example:3307/",
                "dbit.user", "tester",
                "dbit.migrations", "classpath:a, filesystem:b",
                "dbit.jdbc.params", "useServerPrepStmts=true&cachePrepStmts=true",
                "dbit.pool.size", "8",
                "dbit.image", "mysql:8.0"));

    assertThat(config.provider()).isEqualTo(ProviderKind.EXTERNAL);
    assertThat(config.externalUrl()).contains("jdbc:mysql://db.example:3307/");
    assertThat(config.user()).isEqualTo("tester");
    assertThat(config.migrations()).containsExactly("classpath:a", "filesystem:b");
    assertThat(config.jdbcParams())
        .containsExactly(
            Map.entry("useServerPrepStmts", "true"), Map.entry("cachePrepStmts", "true"));
    assertThat(config.poolSize()).isEqualTo(8);
    assertThat(config.image()).isEqualTo("mysql:8.0");
  }

  @Test
  void neverPrintsThePassword() {
    DbitConfiguration config =
        new ConfigurationReader(
                key -> Optional.empty(), Map.of("DBIT_PASSWORD", "hunter2-secret")::get)
            .read();

    assertThat(config.toString()).doesNotContain("hunter2-secret").contains("(hidden)");
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "dbit.provider|docker|dbit: invalid value 'docker' for dbit.provider. Allowed values: auto,"
            + " embedded, external, testcontainers.",
        "dbit.pool.size|0|dbit: invalid value '0' for dbit.pool.size. Allowed values: a whole number"
            + " from 1 to 64.",
        "dbit.pool.size|many|dbit: invalid value 'many' for dbit.pool.size. Allowed values: a whole"
            + " number from 1 to 64.",
        "dbit.url|postgresql://x/|dbit: invalid value 'postgresql://x/' for dbit.url. It must start"
            + " with jdbc:mysql:// (dbit talks to MySQL and MariaDB through Connector/J), for example"
            + " jdbc:mysql://127.0.0.1:3306/",
        "dbit.migrations|http:x|dbit: invalid value 'http:x' for dbit.migrations. Each location must"
            + " start with classpath: or filesystem:, for example classpath:db/migration",
        "dbit.migrations|a,,b|dbit: invalid value 'a,,b' for dbit.migrations. Give comma-separated"
            + " Flyway locations without empty entries, for example classpath:db/migration",
        "dbit.jdbc.params|useSSL|dbit: invalid value 'useSSL' for dbit.jdbc.params. Give key=value"
            + " pairs joined by &, for example useServerPrepStmts=false&cachePrepStmts=true",
        "dbit.jdbc.params|allowMultiQueries=true|dbit: dbit.jdbc.params must not set"
            + " 'allowMultiQueries': multi-statement mode is only ever enabled on dbit's own control"
            + " connection. Remove it from dbit.jdbc.params.",
        "dbit.stall.mode|strict|dbit: invalid value 'strict' for dbit.stall.mode. Allowed values:"
            + " fail, warn, off.",
        "dbit.n-plus-one.mode|loud|dbit: invalid value 'loud' for dbit.n-plus-one.mode. Allowed values:"
            + " fail, warn, off.",
        "dbit.embedded.engine|postgres|dbit: invalid value 'postgres' for dbit.embedded.engine."
            + " Allowed values: auto, mariadb, mysql, or the path of a MySQL 8 …/bin/mysqld.",
        "dbit.embedded.engine|/no/such/bin/mysqld|dbit: invalid value '/no/such/bin/mysqld' for"
            + " dbit.embedded.engine. Give the mysqld executable of an unpacked MySQL 8 installation"
            + " (…/bin/mysqld).",
        "dbit.embedded.mysqld|/opt/bin/mysqld|dbit: dbit.embedded.mysqld is no longer read: give"
            + " the mysqld's path as dbit.embedded.engine, for example"
            + " -Ddbit.embedded.engine=/opt/mysql-8.0.36/bin/mysqld.",
        "dbit.stall.min-statements|50|dbit: dbit.stall.min-statements is no longer read: dbit judges"
            + " a test alone from 20 statements, and smaller tests together with their class and the"
            + " run; remove the key.",
        "dbit.repeats.threshold|5|dbit: dbit.repeats.threshold is no longer read: a select shape run"
            + " with 10 different values counts as a likely N+1; accept a known one with"
            + " @AcceptNPlusOne, or set dbit.n-plus-one.mode=off.",
        "dbit.repeats.mode|off|dbit: dbit.repeats.mode is no longer read: it is"
            + " dbit.n-plus-one.mode now (fail, warn or off); rename the key.",
        "dbit.reset.auto-increment|yes|dbit: invalid value 'yes' for dbit.reset.auto-increment."
            + " Allowed values: true, false.",
        "dbit.image|MySQL 8|dbit: invalid value 'MySQL 8' for dbit.image. Give a Docker image"
            + " reference, for example mysql:8.4 or mariadb:11.4.",
        "dbit.embedded.dir|/etc/hostname|dbit: invalid value '/etc/hostname' for"
            + " dbit.embedded.dir. It names a file; give a directory (dbit creates it when"
            + " missing).",
        "dbit.jdbc.params|password=x|dbit: dbit.jdbc.params must not set 'password': give the"
            + " password in the environment variable DBIT_PASSWORD or a file named by"
            + " dbit.password.file so that it is never printed. Remove it from dbit.jdbc.params.",
      })
  void rejectsBadValuesNamingKeyValueAndFix(String key, String value, String message) {
    assertThatThrownBy(() -> read(Map.of(key, value)))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(message);
  }

  @Test
  void externalProviderNeedsUrl() {
    assertThatThrownBy(() -> read(Map.of("dbit.provider", "external")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "dbit: dbit.provider = 'external' needs dbit.url. Set it to your server, for example"
                + " -Ddbit.url=jdbc:mysql://127.0.0.1:3306/");
  }

  @Test
  void refusesPasswordInUrlWithoutEchoingIt() {
    assertThatThrownBy(() -> read(Map.of("dbit.url", "jdbc:mysql://h/?user=a&password=topsecret")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "dbit: dbit.url must not carry a password (the value is not shown for that reason)."
                + " Remove password=... from the URL and give it in the environment variable"
                + " DBIT_PASSWORD or a file named by dbit.password.file instead.")
        .message()
        .doesNotContain("topsecret");
  }
}
