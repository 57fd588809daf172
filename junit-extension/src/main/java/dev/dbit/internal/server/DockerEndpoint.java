package dev.dbit.internal.server;

import java.io.IOException;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where the Docker engine that Testcontainers would use listens, found the way Testcontainers finds
 * it (DOCKER_HOST, {@code docker.host} in {@code ~/.testcontainers.properties}, then the usual
 * sockets), without asking it anything.
 *
 * @param address the socket to ask, empty when dbit cannot ask it ({@link #whyNotProbed})
 * @param description the endpoint as the user would write it, for messages
 * @param whyNotProbed why dbit does not ask this endpoint itself, empty when it does
 */
record DockerEndpoint(
    Optional<SocketAddress> address, String description, Optional<String> whyNotProbed) {

  /** True when the engine runs on this machine, so published ports can stay on 127.0.0.1. */
  boolean local() {
    return address
        .map(a -> !(a instanceof InetSocketAddress inet) || Loopback.is(inet.getHostString()))
        .orElse(false);
  }

  /** The endpoint for this environment and home directory, or empty when none is configured. */
  static Optional<DockerEndpoint> locate(Map<String, String> environment, Path home) {
    Optional<String> configured =
        Optional.ofNullable(environment.get("DOCKER_HOST"))
            .filter(s -> !s.isBlank())
            .or(() -> testcontainersProperty(home, "docker.host"));
    if (configured.isPresent()) {
      return Optional.of(fromHost(configured.get(), environment));
    }
    for (Path socket : usualSockets(environment, home)) {
      if (Files.exists(socket)) {
        return Optional.of(unix(socket));
      }
    }
    return Optional.empty();
  }

  /** A DOCKER_HOST value such as {@code unix:///var/run/docker.sock} or {@code tcp://h:2375}. */
  static DockerEndpoint fromHost(String host, Map<String, String> environment) {
    URI uri = URI.create(host.trim());
    String scheme = String.valueOf(uri.getScheme());
    if (scheme.equals("unix")) {
      return unix(Path.of(uri.getPath()));
    }
    if (scheme.equals("tcp") && !"1".equals(environment.get("DOCKER_TLS_VERIFY"))) {
      int port = uri.getPort() > 0 ? uri.getPort() : 2375;
      return new DockerEndpoint(
          Optional.of(InetSocketAddress.createUnresolved(uri.getHost(), port)),
          host,
          Optional.empty());
    }
    return new DockerEndpoint(
        Optional.empty(),
        host,
        Optional.of("dbit asks only unix sockets and plain tcp:// endpoints, not " + host));
  }

  private static DockerEndpoint unix(Path socket) {
    return new DockerEndpoint(
        Optional.of(UnixDomainSocketAddress.of(socket)), "unix://" + socket, Optional.empty());
  }

  private static List<Path> usualSockets(Map<String, String> environment, Path home) {
    List<Path> sockets = new ArrayList<>();
    sockets.add(Path.of("/var/run/docker.sock"));
    Optional.ofNullable(environment.get("XDG_RUNTIME_DIR"))
        .ifPresent(dir -> sockets.add(Path.of(dir, "docker.sock")));
    sockets.add(home.resolve(".docker/run/docker.sock"));
    sockets.add(home.resolve(".docker/desktop/docker.sock"));
    sockets.add(home.resolve(".colima/default/docker.sock"));
    sockets.add(home.resolve(".rd/docker.sock"));
    return sockets;
  }

  private static Optional<String> testcontainersProperty(Path home, String key) {
    Path file = home.resolve(".testcontainers.properties");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file)) {
      properties.load(reader);
    } catch (IOException e) {
      return Optional.empty();
    }
    return Optional.ofNullable(properties.getProperty(key)).filter(s -> !s.isBlank());
  }
}
