package dev.dbit.internal.server;

import dev.dbit.internal.config.Secret;
import java.util.List;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * MySQL in a Docker container through Testcontainers, with the same test tuning as the embedded
 * server and its data on tmpfs.
 *
 * <p>The only class that touches Testcontainers: the dependency is optional, and {@link
 * ServerProvisioner} checks that it is on the class path before loading this class.
 */
final class TestcontainersMySql implements DatabaseServer {
  static final String ROOT_PASSWORD = "dbit-test-only";

  /** Same durability trade-offs as the embedded server, plus performance_schema. */
  static final List<String> SERVER_OPTIONS =
      List.of(
          "--skip-name-resolve",
          "--skip-log-bin",
          "--innodb-flush-log-at-trx-commit=2",
          "--sync-binlog=0",
          "--innodb-doublewrite=OFF",
          "--performance-schema=ON");

  private final MySQLContainer container;

  private TestcontainersMySql(MySQLContainer container) {
    this.container = container;
  }

  /** True when a Docker engine answers. */
  static boolean dockerAvailable() {
    return DockerClientFactory.instance().isDockerAvailable();
  }

  /** {@code dbit.image} as an image Testcontainers accepts in place of {@code mysql}. */
  static DockerImageName imageName(String image) {
    return DockerImageName.parse(image).asCompatibleSubstituteFor("mysql");
  }

  /** The container dbit runs, configured but not started. */
  static MySQLContainer container(String image) {
    MySQLContainer container =
        new MySQLContainer(imageName(image)).withUsername("root").withPassword(ROOT_PASSWORD);
    container.withTmpFs(Map.of("/var/lib/mysql", "rw"));
    container.withCommand(SERVER_OPTIONS.toArray(String[]::new));
    // Honoured only when the developer enabled testcontainers.reuse.enable.
    container.withReuse(true);
    return container;
  }

  static TestcontainersMySql start(String image) {
    MySQLContainer container = container(image);
    container.start();
    return new TestcontainersMySql(container);
  }

  @Override
  public String host() {
    return container.getHost();
  }

  @Override
  public int port() {
    return container.getMappedPort(MySQLContainer.MYSQL_PORT);
  }

  @Override
  public String user() {
    return "root";
  }

  @Override
  public Secret password() {
    return Secret.of(ROOT_PASSWORD);
  }

  @Override
  public Map<String, String> baseParams() {
    return Map.of("allowPublicKeyRetrieval", "true", "sslMode", "DISABLED");
  }

  @Override
  public String description() {
    return "Testcontainers " + container.getDockerImageName() + " on " + host() + ":" + port();
  }

  @Override
  public void close() {
    if (!container.isShouldBeReused()) {
      container.stop();
    }
  }
}
