package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding and asking a Docker engine, on fake engines: a socket that answers, one that never does.
 */
class DockerProbeTest {

  @Test
  void dockerHostWinsOverTheUsualSockets(@TempDir Path home) {
    Optional<DockerEndpoint> endpoint =
        DockerEndpoint.locate(Map.of("DOCKER_HOST", "tcp://127.0.0.1:2375"), home);

    assertThat(endpoint.orElseThrow().description()).isEqualTo("tcp://127.0.0.1:2375");
    assertThat(endpoint.orElseThrow().local()).isTrue();
  }

  @Test
  void theTestcontainersPropertiesFileNamesAnEndpoint(@TempDir Path home) throws IOException {
    Files.writeString(home.resolve(".testcontainers.properties"), "docker.host=tcp://build:2375\n");

    DockerEndpoint endpoint = DockerEndpoint.locate(Map.of(), home).orElseThrow();

    assertThat(endpoint.description()).isEqualTo("tcp://build:2375");
    assertThat(endpoint.local()).isFalse();
  }

  @Test
  void tlsAndPipesAreNamedButNotAsked() {
    DockerEndpoint tls =
        DockerEndpoint.fromHost("tcp://build:2376", Map.of("DOCKER_TLS_VERIFY", "1"));

    DockerProbe.Findings findings =
        DockerProbe.ask(tls, List.of("mysql:8.4"), Duration.ofSeconds(1));

    assertThat(findings.answers()).isFalse();
    assertThat(findings.failure().orElseThrow()).contains("not tcp://build:2376");
  }

  @Test
  void anEngineThatAnswersIsAskedForEachImage(@TempDir Path dir) throws Exception {
    Path socket = dir.resolve("docker.sock");
    try (FakeEngine engine = FakeEngine.unix(socket, "mysql:8.4")) {
      DockerEndpoint endpoint = DockerEndpoint.fromHost(engine.url(), Map.of());

      DockerProbe.Findings findings =
          DockerProbe.ask(
              endpoint, List.of("mysql:8.4", "testcontainers/ryuk:0.14.0"), Duration.ofSeconds(5));

      assertThat(findings.failure()).isEmpty();
      assertThat(findings.missingImages()).containsExactly("testcontainers/ryuk:0.14.0");
      assertThat(DockerLook.of(findings, "mysql:8.4").finding())
          .isEqualTo(
              "the Docker engine at unix://"
                  + socket
                  + " answers but holds no testcontainers/ryuk:0.14.0, and auto never pulls (pull"
                  + " it, or set dbit.provider=testcontainers to let Testcontainers pull)");
      DockerProbe.Findings noServerImage =
          new DockerProbe.Findings(endpoint, Optional.empty(), List.of("mariadb:11"), true);
      assertThat(DockerLook.of(noServerImage, "mariadb:11").finding())
          .contains("(pull it, name a local image in dbit.image, or set dbit.provider=");
    }
  }

  @Test
  void anEngineThatNeverAnswersCostsTheTimeBoundOnly() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      DockerEndpoint endpoint =
          DockerEndpoint.fromHost("tcp://127.0.0.1:" + silent.getLocalPort(), Map.of());
      long start = System.nanoTime();

      DockerProbe.Findings findings = DockerProbe.ask(endpoint, List.of(), Duration.ofSeconds(1));

      assertThat(findings.failure()).contains("did not answer within 1 s");
      // The guarantee is "bounded", not a margin: far below Testcontainers' minutes of retries.
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    }
  }

  @Test
  void aRefusedConnectionIsSaidAsSuch(@TempDir Path dir) {
    DockerEndpoint endpoint =
        DockerEndpoint.fromHost("unix://" + dir.resolve("none.sock"), Map.of());

    DockerProbe.Findings findings = DockerProbe.ask(endpoint, List.of(), Duration.ofSeconds(2));

    assertThat(findings.failure().orElseThrow()).startsWith("could not be reached: ");
  }

  @Test
  void statusCodesAreReadFromTheStatusLine() {
    assertThat(DockerProbe.statusCode("HTTP/1.0 200 OK\r\nApi-Version: 1.41\r\n\r\nOK"))
        .isEqualTo(200);
    assertThat(DockerProbe.statusCode("HTTP/1.1 404 Not Found\r\n\r\n")).isEqualTo(404);
    assertThat(DockerProbe.statusCode("SSH-2.0-OpenSSH\r\n")).isEqualTo(-1);
    assertThat(DockerProbe.statusCode("")).isEqualTo(-1);
  }

  /** Answers /_ping and /images/NAME/json (200 for the images it holds) on a Unix socket. */
  private static final class FakeEngine implements AutoCloseable {
    private final java.nio.channels.ServerSocketChannel server;
    private final Thread thread;

    private FakeEngine(java.nio.channels.ServerSocketChannel server, List<String> images) {
      this.server = server;
      this.thread = new Thread(() -> serve(images), "fake-docker");
      thread.setDaemon(true);
      thread.start();
    }

    String url() throws IOException {
      return "unix://" + ((UnixDomainSocketAddress) server.getLocalAddress()).getPath();
    }

    static FakeEngine unix(Path socket, String... images) throws IOException {
      var server = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
      server.bind(UnixDomainSocketAddress.of(socket));
      return new FakeEngine(server, List.of(images));
    }

    private void serve(List<String> images) {
      while (server.isOpen()) {
        try (var channel = server.accept();
            var in = java.nio.channels.Channels.newInputStream(channel);
            var out = java.nio.channels.Channels.newOutputStream(channel)) {
          String request = readRequest(in);
          String path = request.split(" ")[1];
          boolean ok =
              path.equals("/_ping")
                  || images.stream().anyMatch(image -> path.equals("/images/" + image + "/json"));
          out.write(
              (ok ? "HTTP/1.0 200 OK\r\n\r\n" : "HTTP/1.0 404 Not Found\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
          return;
        }
      }
    }

    /** Reads up to the blank line that ends the headers: closing earlier would reset. */
    private static String readRequest(java.io.InputStream in) throws IOException {
      StringBuilder request = new StringBuilder();
      int c;
      while ((c = in.read()) != -1) {
        request.append((char) c);
        if (request.toString().endsWith("\r\n\r\n")) {
          break;
        }
      }
      return request.toString();
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }
}
