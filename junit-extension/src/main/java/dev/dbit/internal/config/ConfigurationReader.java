package dev.dbit.internal.config;

import dev.dbit.DbIntegrationTest;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Reads and validates every {@code dbit.*} key before anything touches a database.
 *
 * <p>Each error names the key, the value given, what is allowed and how to fix it.
 */
public final class ConfigurationReader {

  public static final String DEFAULT_MIGRATIONS = "classpath:db/migration";
  static final String DEFAULT_IMAGE = "mysql:8.4";
  static final int DEFAULT_POOL_SIZE = 4;
  static final int MAX_POOL_SIZE = 64;

  /** The environment variable that may carry the external server's password. */
  public static final String PASSWORD_ENVIRONMENT = PasswordSource.ENVIRONMENT;

  private final Function<String, Optional<String>> parameters;
  private final Function<String, String> environment;
  private final TypedValues values;

  /**
   * @param parameters looks up one configuration parameter, for example {@code
   *     ExtensionContext::getConfigurationParameter}
   */
  public ConfigurationReader(Function<String, Optional<String>> parameters) {
    this(parameters, System::getenv);
  }

  /**
   * @param parameters looks up one configuration parameter
   * @param environment looks up one environment variable, null when unset
   */
  public ConfigurationReader(
      Function<String, Optional<String>> parameters, Function<String, String> environment) {
    this.parameters = parameters;
    this.environment = environment;
    this.values = new TypedValues(parameters);
  }

  /** Reads all keys; throws {@link ExtensionConfigurationException} on the first bad value. */
  public DbitConfiguration read() {
    RemovedKeys.refuse(parameters);
    Optional<String> url = values.value(DbIntegrationTest.URL);
    url.ifPresent(ConnectionRules::validateUrl);
    ProviderKind provider = provider(url);
    values.directory(DbIntegrationTest.REPORT_DIR);
    Optional<Path> mysqld = mysqld();
    return new DbitConfiguration(
        provider,
        url,
        values.value(DbIntegrationTest.USER).orElse("root"),
        new PasswordSource(parameters, environment).read(),
        migrations(),
        scripts(),
        changelog(),
        ConnectionRules.jdbcParams(values.value(DbIntegrationTest.JDBC_PARAMS)),
        poolSize(),
        embeddedDir(),
        image(),
        stall(),
        values.choice(DbIntegrationTest.N_PLUS_ONE_MODE, Mode.class, Mode.WARN),
        values.yesOrNo(DbIntegrationTest.RESET_AUTO_INCREMENT),
        values.yesOrNo(DbIntegrationTest.RESET_TRIGGERS, true),
        timeouts(),
        mysqld.isPresent() ? EmbeddedEngine.MYSQL : engine(),
        mysqld,
        collation(),
        values.yesOrNo(DbIntegrationTest.SPRING_CLEAR_CACHES, true),
        values.yesOrNo(DbIntegrationTest.REPORT_TEST_LINES, true));
  }

  /** A collation name: letters, digits and underscores, as every MySQL and MariaDB one is. */
  private Optional<String> collation() {
    Optional<String> raw = values.value(DbIntegrationTest.SCHEMA_COLLATION);
    if (raw.isPresent() && !raw.get().matches("[A-Za-z0-9_]{1,64}")) {
      throw TypedValues.invalid(
          DbIntegrationTest.SCHEMA_COLLATION,
          raw.get(),
          "It must name a collation, for example utf8mb4_bin (SHOW COLLATION lists them).");
    }
    return raw;
  }

  private EmbeddedEngine engine() {
    return values.choice(
        DbIntegrationTest.EMBEDDED_ENGINE,
        EmbeddedEngine.class,
        EmbeddedEngine.AUTO,
        "or the path of a MySQL 8 …/bin/mysqld");
  }

  /** The mysqld {@code dbit.embedded.engine} names by its path, if it names one. */
  private Optional<Path> mysqld() {
    Optional<String> raw =
        values
            .value(DbIntegrationTest.EMBEDDED_ENGINE)
            .filter(v -> v.contains("/") || v.contains(java.io.File.separator));
    if (raw.isEmpty()) {
      return Optional.empty();
    }
    Path file;
    try {
      file = Path.of(raw.get());
    } catch (InvalidPathException e) {
      throw TypedValues.invalid(
          DbIntegrationTest.EMBEDDED_ENGINE, raw.get(), "It is not a valid path here.");
    }
    Path bin = file.toAbsolutePath().getParent();
    if (!Files.isRegularFile(file)
        || !Files.isExecutable(file)
        || bin == null
        || !bin.getFileName().toString().equals("bin")) {
      throw TypedValues.invalid(
          DbIntegrationTest.EMBEDDED_ENGINE,
          raw.get(),
          "Give the mysqld executable of an unpacked MySQL 8 installation (…/bin/mysqld).");
    }
    return Optional.of(file);
  }

  private Timeouts timeouts() {
    return new Timeouts(
        Duration.ofSeconds(
            values.wholeNumber(
                DbIntegrationTest.CONNECT_TIMEOUT,
                (int) Timeouts.DEFAULTS.connect().toSeconds(),
                1,
                3600)),
        Duration.ofSeconds(
            values.wholeNumber(
                DbIntegrationTest.READ_TIMEOUT,
                (int) Timeouts.DEFAULTS.read().toSeconds(),
                1,
                86_400)));
  }

  private Mode stall() {
    return values.choice(DbIntegrationTest.STALL_MODE, Mode.class, Mode.FAIL);
  }

  private ProviderKind provider(Optional<String> url) {
    ProviderKind kind =
        values.choice(DbIntegrationTest.PROVIDER, ProviderKind.class, ProviderKind.AUTO);
    if (kind == ProviderKind.EXTERNAL && url.isEmpty()) {
      throw new ExtensionConfigurationException(
          "dbit: "
              + DbIntegrationTest.PROVIDER
              + " = 'external' needs "
              + DbIntegrationTest.URL
              + ". Set it to your server, for example -D"
              + DbIntegrationTest.URL
              + "=jdbc:mysql://127.0.0.1:3306/");
    }
    return kind;
  }

  /** A Liquibase master changelog, {@code classpath:} or {@code filesystem:}. */
  private Optional<String> changelog() {
    Optional<String> raw = values.value(DbIntegrationTest.LIQUIBASE_CHANGELOG).map(String::trim);
    if (raw.isPresent()
        && !(raw.get().startsWith("classpath:") || raw.get().startsWith("filesystem:"))) {
      throw TypedValues.invalid(
          DbIntegrationTest.LIQUIBASE_CHANGELOG,
          raw.get(),
          "Give the master changelog with classpath: or filesystem:, for example"
              + " classpath:db/changelog/db.changelog-master.yaml");
    }
    return raw;
  }

  /** SQL scripts run into the template after the migrations, in the order given. */
  private List<String> scripts() {
    Optional<String> raw = values.value(DbIntegrationTest.SCRIPTS);
    List<String> scripts = new ArrayList<>();
    if (raw.isEmpty()) {
      return scripts;
    }
    for (String part : raw.get().split(",")) {
      String script = part.trim();
      if (!script.startsWith("classpath:") && !script.startsWith("filesystem:")
          || script.endsWith("/")
          || script.indexOf(':') == script.length() - 1) {
        throw TypedValues.invalid(
            DbIntegrationTest.SCRIPTS,
            raw.get(),
            "Give comma-separated SQL files, each starting with classpath: or filesystem:, for"
                + " example classpath:db/mysql/schema.sql,classpath:db/mysql/data.sql");
      }
      scripts.add(script);
    }
    return scripts;
  }

  private List<String> migrations() {
    String raw = values.value(DbIntegrationTest.MIGRATIONS).orElse(DEFAULT_MIGRATIONS);
    List<String> locations = new ArrayList<>();
    for (String part : raw.split(",")) {
      String location = part.trim();
      if (location.isEmpty()) {
        throw TypedValues.invalid(
            DbIntegrationTest.MIGRATIONS,
            raw,
            "Give comma-separated Flyway locations without empty entries, for example "
                + DEFAULT_MIGRATIONS);
      }
      if (location.contains(":")
          && !location.startsWith("classpath:")
          && !location.startsWith("filesystem:")) {
        throw TypedValues.invalid(
            DbIntegrationTest.MIGRATIONS,
            raw,
            "Each location must start with classpath: or filesystem:, for example "
                + DEFAULT_MIGRATIONS);
      }
      locations.add(location);
    }
    return locations;
  }

  private int poolSize() {
    return values.wholeNumber(DbIntegrationTest.POOL_SIZE, DEFAULT_POOL_SIZE, 1, MAX_POOL_SIZE);
  }

  private Path embeddedDir() {
    return values
        .directory(DbIntegrationTest.EMBEDDED_DIR)
        .orElse(Path.of(System.getProperty("user.home"), ".cache", "dbit"));
  }

  /** A Docker image reference: repository, optional tag or digest, no spaces. */
  private static final Pattern IMAGE =
      Pattern.compile("[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?(@sha256:[a-f0-9]+)?");

  private String image() {
    Optional<String> raw = values.value(DbIntegrationTest.IMAGE);
    if (raw.isPresent() && !IMAGE.matcher(raw.get()).matches()) {
      throw TypedValues.invalid(
          DbIntegrationTest.IMAGE,
          raw.get(),
          "Give a Docker image reference, for example " + DEFAULT_IMAGE + " or mariadb:11.4.");
    }
    return raw.orElse(DEFAULT_IMAGE);
  }
}
