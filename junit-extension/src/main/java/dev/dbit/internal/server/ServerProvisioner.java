package dev.dbit.internal.server;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.EmbeddedEngine;
import dev.dbit.internal.config.ProviderKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** Chooses and starts the database server for a run. */
public final class ServerProvisioner {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final String TESTCONTAINERS_CLASS = "org.testcontainers.DockerClientFactory";

  private ServerProvisioner() {}

  /** Resolves {@code auto}: an explicit URL wins, then a reachable Docker engine, else embedded. */
  public static ServerChoice choose(DbitConfiguration config, BooleanSupplier dockerAvailable) {
    return switch (config.provider()) {
      case EMBEDDED ->
          new ServerChoice(ProviderKind.EMBEDDED, DbIntegrationTest.PROVIDER + "=embedded");
      case EXTERNAL ->
          new ServerChoice(ProviderKind.EXTERNAL, DbIntegrationTest.PROVIDER + "=external");
      case TESTCONTAINERS ->
          new ServerChoice(
              ProviderKind.TESTCONTAINERS, DbIntegrationTest.PROVIDER + "=testcontainers");
      case AUTO -> {
        if (config.externalUrl().isPresent()) {
          yield new ServerChoice(ProviderKind.EXTERNAL, DbIntegrationTest.URL + " is set");
        }
        if (dockerAvailable.getAsBoolean()) {
          yield new ServerChoice(ProviderKind.TESTCONTAINERS, "a Docker engine answers");
        }
        yield new ServerChoice(
            ProviderKind.EMBEDDED,
            "no " + DbIntegrationTest.URL + " and no reachable Docker engine");
      }
    };
  }

  /** True when Testcontainers is on the class path and a Docker engine answers. */
  public static boolean dockerAvailable() {
    if (!testcontainersOnClassPath() || !dockerMayBeConfigured()) {
      return false;
    }
    try {
      return TestcontainersMySql.dockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  /** Starts (or, for external servers, just describes) the chosen server. */
  public static DatabaseServer start(DbitConfiguration config, ServerChoice choice) {
    return switch (choice.kind()) {
      case EMBEDDED -> startEmbedded(config);
      case EXTERNAL ->
          ExternalServer.fromUrl(
              config.externalUrl().orElseThrow(),
              config.user(),
              config.password(),
              config.jdbcParams());
      case TESTCONTAINERS -> startTestcontainers(config);
      case AUTO -> throw new IllegalArgumentException("auto must be resolved by choose()");
    };
  }

  /** The embedded server of the configured engine; {@code auto} decides by the binaries found. */
  private static DatabaseServer startEmbedded(DbitConfiguration config) {
    ClassLoader classLoader =
        Optional.ofNullable(Thread.currentThread().getContextClassLoader())
            .orElse(ServerProvisioner.class.getClassLoader());
    EmbeddedEngine engine = config.engine();
    String reason = DbIntegrationTest.EMBEDDED_ENGINE + "=" + engine.value();
    if (engine == EmbeddedEngine.AUTO) {
      boolean mysql =
          config.mysqld().isPresent() || MySqlBinaries.bundledArchive(classLoader).isPresent();
      engine = mysql ? EmbeddedEngine.MYSQL : EmbeddedEngine.MARIADB;
      reason =
          mysql
              ? (config.mysqld().isPresent()
                  ? DbIntegrationTest.EMBEDDED_MYSQLD + " names a mysqld"
                  : MySqlBinaries.ARTIFACT + " is on the class path")
              : "no MySQL binaries for "
                  + System.getProperty("os.name")
                  + " "
                  + System.getProperty("os.arch")
                  + " on the class path (add "
                  + MySqlBinaries.ARTIFACT
                  + " for Linux or macOS x86_64, or set "
                  + DbIntegrationTest.EMBEDDED_MYSQLD
                  + ")";
    }
    LOG.log(
        System.Logger.Level.INFO, "dbit: embedded engine " + engine.value() + " (" + reason + ")");
    return engine == EmbeddedEngine.MYSQL
        ? EmbeddedMySql.start(config.embeddedDir(), config.mysqld(), classLoader)
        : EmbeddedMariaDb.start(config.embeddedDir());
  }

  private static DatabaseServer startTestcontainers(DbitConfiguration config) {
    if (!testcontainersOnClassPath()) {
      throw new ServerStartException(
          "dbit: "
              + DbIntegrationTest.PROVIDER
              + "=testcontainers needs Testcontainers on the test class path. Add"
              + " org.testcontainers:testcontainers-mysql:2.0.5 as a test dependency, or use"
              + " -D"
              + DbIntegrationTest.PROVIDER
              + "=embedded.");
    }
    try {
      return TestcontainersMySql.start(config.image());
    } catch (RuntimeException e) {
      throw new ServerStartException(
          "dbit: could not start "
              + config.image()
              + " with Testcontainers: "
              + e.getMessage()
              + ". Check that a Docker engine runs (docker info), or use -D"
              + DbIntegrationTest.PROVIDER
              + "=embedded.",
          e);
    }
  }

  /**
   * A cheap look for any sign of a Docker engine before asking Testcontainers, whose own search
   * logs errors when there is none.
   */
  static boolean dockerMayBeConfigured() {
    String home = System.getProperty("user.home", "");
    return System.getenv("DOCKER_HOST") != null
        || System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")
        || Files.exists(Path.of("/var/run/docker.sock"))
        || Files.exists(Path.of(home, ".docker", "run", "docker.sock"))
        || Files.exists(Path.of(home, ".testcontainers.properties"));
  }

  private static boolean testcontainersOnClassPath() {
    try {
      Class.forName(TESTCONTAINERS_CLASS, false, ServerProvisioner.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
