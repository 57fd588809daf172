package dev.dbit.internal.server;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.EmbeddedEngine;
import dev.dbit.internal.config.ProviderKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Chooses and starts the database server for a run. */
public final class ServerProvisioner {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** Testcontainers 2's MySQL module, which dbit's provider starts containers with. */
  private static final String TESTCONTAINERS_MYSQL = "org.testcontainers.mysql.MySQLContainer";

  /** Testcontainers 1's MySQL class (Spring Boot 3.5 manages 1.x). */
  private static final String TESTCONTAINERS_1_MYSQL =
      "org.testcontainers.containers.MySQLContainer";

  private static final String TESTCONTAINERS_NEEDED =
      "org.testcontainers:testcontainers-mysql:2.0.5";

  private ServerProvisioner() {}

  /**
   * Resolves {@code auto}: an explicit URL wins, then a Docker engine that answers and holds the
   * images the provider needs, else embedded.
   */
  public static ServerChoice choose(
      DbitConfiguration config, Function<String, DockerLook> lookAtDocker) {
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
        DockerLook docker = lookAtDocker.apply(config.image());
        yield docker.usable()
            ? new ServerChoice(ProviderKind.TESTCONTAINERS, docker.finding())
            : new ServerChoice(
                ProviderKind.EMBEDDED, "no " + DbIntegrationTest.URL + ", and " + docker.finding());
      }
    };
  }

  /**
   * Whether the {@code testcontainers} provider could start {@code image} now: Testcontainers on
   * the class path, and a Docker engine that answers within {@link DockerProbe#TIME_BOUND} and
   * holds the images. Pulls nothing and never starts Testcontainers' own client.
   */
  public static DockerLook lookAtDocker(String image) {
    if (!onClassPath(TESTCONTAINERS_MYSQL)) {
      return DockerLook.withoutTestcontainers(onClassPath(TESTCONTAINERS_1_MYSQL));
    }
    return askDocker(image)
        .map(findings -> DockerLook.of(findings, image))
        .orElseGet(DockerLook::withoutEngine);
  }

  /** What the engine Testcontainers would use says about a start of {@code image}, if any. */
  private static Optional<DockerProbe.Findings> askDocker(String image) {
    List<String> needed = TestcontainersMySql.imagesNeeded(image, System.getenv());
    return DockerEndpoint.locate(System.getenv(), userHome())
        .map(endpoint -> DockerProbe.ask(endpoint, needed, DockerProbe.TIME_BOUND))
        .map(TestcontainersMySql::helperNotNeededWithAGateway);
  }

  private static Path userHome() {
    return Path.of(System.getProperty("user.home", "."));
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
                  ? DbIntegrationTest.EMBEDDED_ENGINE + " names a mysqld"
                  : MySqlBinaries.ARTIFACT + " is on the class path")
              : "the default; "
                  + MySqlBinaries.ARTIFACT
                  + " on the class path, or "
                  + DbIntegrationTest.EMBEDDED_ENGINE
                  + " naming a mysqld, runs MySQL";
    }
    LOG.log(
        System.Logger.Level.INFO, "dbit: embedded engine " + engine.value() + " (" + reason + ")");
    return engine == EmbeddedEngine.MYSQL
        ? EmbeddedMySql.start(config.embeddedDir(), config.mysqld(), classLoader)
        : EmbeddedMariaDb.start(config.embeddedDir());
  }

  private static DatabaseServer startTestcontainers(DbitConfiguration config) {
    if (!onClassPath(TESTCONTAINERS_MYSQL)) {
      throw new ServerStartException(
          "dbit: "
              + DbIntegrationTest.PROVIDER
              + "=testcontainers needs Testcontainers 2 on the test class path"
              + (onClassPath(TESTCONTAINERS_1_MYSQL)
                  ? " (it holds Testcontainers 1: org.testcontainers:mysql). Add "
                      + TESTCONTAINERS_NEEDED
                      + " as a test dependency (with Spring Boot 3.5, set the Maven property"
                      + " testcontainers.version to 2.0.5)"
                  : ". Add " + TESTCONTAINERS_NEEDED + " as a test dependency")
              + ", or use -D"
              + DbIntegrationTest.PROVIDER
              + "=embedded.");
    }
    Optional<DockerProbe.Findings> before = askDocker(config.image());
    before.ifPresent(ServerProvisioner::sayWhatWillBePulled);
    // A user who tells Testcontainers where containers are reached decides where ports go.
    boolean loopbackOnly =
        before.map(findings -> findings.endpoint().local()).orElse(true)
            && System.getenv(TestcontainersMySql.HOST_OVERRIDE) == null;
    TestcontainersMySql.StartLog startLog = new TestcontainersMySql.StartLog();
    try {
      if (before.isPresent() && !before.get().answers()) {
        throw new IllegalStateException(before.get().failure().orElseThrow());
      }
      return TestcontainersMySql.start(config.image(), loopbackOnly, startLog);
    } catch (RuntimeException e) {
      boolean ryukLeft =
          TestcontainersFailure.aboutRyuk(TestcontainersFailure.causes(e))
              && TestcontainersMySql.removeRyuk();
      String ryuk =
          TestcontainersMySql.ryukImage()
              .map(TestcontainersMySql::substituted)
              .orElse("testcontainers/ryuk");
      throw new ServerStartException(
          TestcontainersFailure.explain(config.image(), ryuk, before, e, startLog.tail())
              + (ryukLeft ? " (dbit removed the Ryuk container this start left.)" : ""),
          e);
    }
  }

  private static void sayWhatWillBePulled(DockerProbe.Findings findings) {
    if (findings.answers() && !findings.missingImages().isEmpty()) {
      LOG.log(
          System.Logger.Level.INFO,
          "dbit: Testcontainers will pull "
              + String.join(" and ", findings.missingImages())
              + " (not among the local images of the engine at "
              + findings.endpoint().description()
              + ")");
    }
  }

  private static boolean onClassPath(String className) {
    try {
      Class.forName(className, false, ServerProvisioner.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
