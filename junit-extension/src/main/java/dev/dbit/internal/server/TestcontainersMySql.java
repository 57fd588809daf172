package dev.dbit.internal.server;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import dev.dbit.internal.config.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.ImageNameSubstitutor;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * MySQL in a Docker container through Testcontainers, with the same test tuning as the embedded
 * server and its data on tmpfs.
 *
 * <p>The only class that touches Testcontainers: the dependency is optional, and {@link
 * ServerProvisioner} checks that it is on the class path before loading this class.
 */
final class TestcontainersMySql implements DatabaseServer {
  static final String ROOT_PASSWORD = "dbit-test-only";
  static final String RYUK_DISABLED = "TESTCONTAINERS_RYUK_DISABLED";
  static final String HOST_OVERRIDE = "TESTCONTAINERS_HOST_OVERRIDE";

  /** The image Testcontainers runs, inside a container, to find the Docker host's address. */
  static final String HOST_ADDRESS_HELPER = "alpine:3.17";

  private static final int LOG_TAIL_LINES = 12;

  /**
   * What the embedded servers run with: the same durability trade-offs, performance_schema, and the
   * row-based binary log dbit follows to restore large tables by rows and cascades by the values a
   * parent released.
   */
  static final List<String> SERVER_OPTIONS =
      BinaryLogOptions.plus(
          "--skip-name-resolve",
          "--innodb-flush-log-at-trx-commit=2",
          "--innodb-doublewrite=OFF",
          "--performance-schema=ON");

  private final MySQLContainer container;
  private final boolean loopbackOnly;
  private final boolean reused;

  private TestcontainersMySql(MySQLContainer container, boolean loopbackOnly, boolean reused) {
    this.container = container;
    this.loopbackOnly = loopbackOnly;
    this.reused = reused;
  }

  /**
   * The images a start of {@code image} needs, as Testcontainers will name them (after its image
   * name substitution): the server's, and Ryuk's unless TESTCONTAINERS_RYUK_DISABLED is true.
   */
  static List<String> imagesNeeded(String image, Map<String, String> environment) {
    List<String> images = new ArrayList<>();
    images.add(substituted(image));
    if (!Boolean.parseBoolean(environment.get(RYUK_DISABLED))) {
      ryukImage().map(TestcontainersMySql::substituted).ifPresent(images::add);
    }
    if (Files.exists(Path.of("/.dockerenv")) && environment.get(HOST_OVERRIDE) == null) {
      images.add(substituted(HOST_ADDRESS_HELPER));
    }
    return List.copyOf(images);
  }

  /**
   * Drops {@link #HOST_ADDRESS_HELPER} from what is missing where Testcontainers will not run it:
   * inside a container it takes the host's address from the bridge network's gateway when there is
   * one, and runs that image to find it otherwise.
   */
  static DockerProbe.Findings helperNotNeededWithAGateway(DockerProbe.Findings findings) {
    return findings.bridgeGateway() ? findings.without(substituted(HOST_ADDRESS_HELPER)) : findings;
  }

  /** {@code image} as Testcontainers will ask for it, after its configured substitutions. */
  static String substituted(String image) {
    return ImageNameSubstitutor.instance()
        .apply(DockerImageName.parse(image))
        .asCanonicalNameString();
  }

  /**
   * Ryuk's image as this Testcontainers version names it. The name is a constant of a class that is
   * not public, and asking the container for it would pull it: read it from the class file.
   */
  static Optional<String> ryukImage() {
    String resource = "org/testcontainers/utility/RyukContainer.class";
    try (InputStream in =
        DockerClientFactory.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return Optional.empty();
      }
      String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      Matcher name = Pattern.compile("testcontainers/ryuk:[0-9][0-9A-Za-z._-]*").matcher(text);
      return name.find() ? Optional.of(name.group()) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** {@code dbit.image} as an image Testcontainers accepts in place of {@code mysql}. */
  static DockerImageName imageName(String image) {
    return DockerImageName.parse(image).asCompatibleSubstituteFor("mysql");
  }

  /**
   * The container dbit runs, configured but not started.
   *
   * @param loopbackOnly publish its port on 127.0.0.1 only (the engine runs on this machine)
   * @param startLog receives the container's last log lines and whether it was reused
   */
  static MySQLContainer container(String image, boolean loopbackOnly, StartLog startLog) {
    MySQLContainer container =
        new MySQLContainer(imageName(image)) {
          @Override
          public String getHost() {
            // Where the port is published on 127.0.0.1, that is the host; Testcontainers' own
            // guess runs a helper container when it finds itself inside a container.
            return loopbackOnly ? "127.0.0.1" : super.getHost();
          }

          @Override
          protected void containerIsStarting(InspectContainerResponse info, boolean reused) {
            super.containerIsStarting(info, reused);
            startLog.reused = reused;
          }
        };
    container.withUsername("root").withPassword(ROOT_PASSWORD);
    container.withTmpFs(Map.of("/var/lib/mysql", "rw"));
    container.withCommand(SERVER_OPTIONS.toArray(String[]::new));
    // Honoured only when the developer enabled testcontainers.reuse.enable.
    container.withReuse(true);
    container.withLogConsumer(frame -> startLog.line(frame.getUtf8StringWithoutLineEnding()));
    if (loopbackOnly) {
      ExposedPort port = ExposedPort.tcp(MySQLContainer.MYSQL_PORT);
      container.withCreateContainerCmdModifier(
          cmd ->
              cmd.getHostConfig()
                  .withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"), port)));
    }
    return container;
  }

  /** What a start leaves behind: the container's last log lines, and whether it was reused. */
  static final class StartLog {
    private final List<String> tail = new ArrayList<>();
    private volatile boolean reused;

    synchronized void line(String line) {
      tail.add(line);
      if (tail.size() > LOG_TAIL_LINES) {
        tail.remove(0);
      }
    }

    synchronized List<String> tail() {
      return List.copyOf(tail);
    }
  }

  static TestcontainersMySql start(String image, boolean loopbackOnly, StartLog startLog) {
    MySQLContainer container = container(image, loopbackOnly, startLog);
    try {
      container.start();
    } catch (RuntimeException e) {
      // A container created and then failed stays behind when Ryuk is off or was never reached.
      try {
        container.stop();
      } catch (RuntimeException stop) {
        e.addSuppressed(stop);
      }
      throw e;
    }
    return new TestcontainersMySql(container, loopbackOnly, startLog.reused);
  }

  /**
   * Removes the Ryuk container of this JVM's session, which a failed start leaves running for a
   * minute or more, through Testcontainers' own client (the start found the engine); whether it
   * did. Never fails: the caller is explaining a failure.
   */
  static boolean removeRyuk() {
    try (DockerClient client =
        DockerClientProviderStrategy.getClientForConfig(
            DockerClientFactory.instance().getTransportConfig())) {
      String name = "testcontainers-ryuk-" + DockerClientFactory.SESSION_ID;
      client.removeContainerCmd(name).withForce(true).withRemoveVolumes(true).exec();
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  @Override
  public String host() {
    // The port is published on 127.0.0.1 only; "localhost" may resolve to ::1 first.
    return loopbackOnly ? "127.0.0.1" : container.getHost();
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
    String reuse =
        reused
            ? "reused container"
            : container.isShouldBeReused() && reuseEnabled()
                ? "new container, kept for reuse"
                : "new container (reuse off: testcontainers.reuse.enable)";
    return "Testcontainers "
        + container.getDockerImageName()
        + " on "
        + host()
        + ":"
        + port()
        + ", "
        + reuse;
  }

  private static boolean reuseEnabled() {
    return TestcontainersConfiguration.getInstance().environmentSupportsReuse();
  }

  @Override
  public void close() {
    if (!(container.isShouldBeReused() && reuseEnabled())) {
      container.stop();
    }
  }
}
