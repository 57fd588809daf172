package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a failed container start tells the user, decided on synthetic failures. */
class TestcontainersFailureTest {
  private static final String RYUK = "testcontainers/ryuk:0.14.0";
  private static final DockerEndpoint ENDPOINT =
      DockerEndpoint.fromHost("unix:///var/run/docker.sock", Map.of());
  private static final Optional<DockerProbe.Findings> ANSWERED =
      Optional.of(new DockerProbe.Findings(ENDPOINT, Optional.empty(), List.of(), true));

  @Test
  void anEngineThatDidNotAnswerIsNamedWithItsReason() {
    Optional<DockerProbe.Findings> refused =
        Optional.of(
            new DockerProbe.Findings(
                ENDPOINT,
                Optional.of("could not be reached: Connection refused"),
                List.of(),
                false));

    String message =
        TestcontainersFailure.explain(
            "mysql:8.4", RYUK, refused, new IllegalStateException("x"), List.of());

    assertThat(message)
        .startsWith(
            "dbit: dbit.provider=testcontainers could not start mysql:8.4: the Docker engine at"
                + " unix:///var/run/docker.sock could not be reached: Connection refused. Start");
  }

  @Test
  void aMissingHelperImageSaysHowToProvideOrDisableIt() {
    RuntimeException failure =
        new RuntimeException(
            "Can't get Docker image: RemoteDockerImage(imageName=" + RYUK + ")",
            new RuntimeException("Timeout waiting for pull"));

    String message = TestcontainersFailure.explain("mysql:8.4", RYUK, ANSWERED, failure, List.of());

    assertThat(message)
        .contains("could not get its helper image " + RYUK)
        .contains("ryuk.container.image")
        .contains("TESTCONTAINERS_RYUK_DISABLED=true")
        .doesNotContain("Docker engine runs");
  }

  @Test
  void aHelperContainerThatDoesNotStartIsNotCalledMissing() {
    RuntimeException failure =
        new RuntimeException(
            "Container startup failed for image dbit/ryuk:local",
            new RuntimeException(
                "Could not create/start container",
                new RuntimeException("unable to apply caps: operation not permitted")));

    String message =
        TestcontainersFailure.explain("mysql:8.4", "dbit/ryuk:local", ANSWERED, failure, List.of());

    assertThat(message)
        .contains("could not start its helper container from dbit/ryuk:local")
        .contains("unable to apply caps")
        .contains("TESTCONTAINERS_RYUK_CONTAINER_PRIVILEGED=false")
        .doesNotContain("Make it available");
  }

  /** Seen here when dockerd published on 127.0.0.1 only and Testcontainers took the gateway. */
  @Test
  void aRyukItCannotReachIsNotCalledMissing() {
    RuntimeException failure =
        new IllegalStateException(
            "Could not connect to Ryuk at 172.17.0.1:32768",
            new java.net.ConnectException("Connection refused"));

    String message =
        TestcontainersFailure.explain("mysql:8.4", "dbit/ryuk:local", ANSWERED, failure, List.of());

    assertThat(message)
        .contains("started its helper container Ryuk but could not reach its port")
        .contains("Could not connect to Ryuk at 172.17.0.1:32768")
        .contains("TESTCONTAINERS_HOST_OVERRIDE")
        .doesNotContain("Make it available")
        .doesNotContain("Docker engine runs");
  }

  @Test
  void anImageThatCannotBePulledNamesTheSetting() {
    RuntimeException failure =
        new RuntimeException(
            "Container startup failed for image mysql:8.4",
            new RuntimeException("Can't get Docker image: RemoteDockerImage(imageName=mysql:8.4)"));

    String message = TestcontainersFailure.explain("mysql:8.4", RYUK, ANSWERED, failure, List.of());

    assertThat(message)
        .contains("the image could not be pulled")
        .contains("Pull it yourself, or name in dbit.image");
  }

  @Test
  void aContainerThatExitedShowsTheEndOfItsLog() {
    RuntimeException failure =
        new RuntimeException(
            "Container startup failed for image dbit/plain:1",
            new RuntimeException("Container exited with code 127"));

    String message =
        TestcontainersFailure.explain(
            "dbit/plain:1",
            RYUK,
            ANSWERED,
            failure,
            List.of("exec: --skip-name-resolve: not found"));

    assertThat(message)
        .contains("the container did not become ready")
        .contains("Container exited with code 127")
        .contains("Its log ends:\n  exec: --skip-name-resolve: not found")
        .contains("server options as its command");
  }

  @Test
  void aHelperImageThatCouldNotBePulledIsNotBlamedOnTheServersImage() {
    RuntimeException failure =
        new RuntimeException(
            "Condition with Lambda expression in org.testcontainers.images.RemoteDockerImage was"
                + " not fulfilled within 2 minutes.");

    String message =
        TestcontainersFailure.explain("dbit/mysql:8.0.31", RYUK, ANSWERED, failure, List.of());

    assertThat(message)
        .contains(
            "Not dbit/mysql:8.0.31, which the engine holds: a helper image, such as alpine:3.17")
        .contains("TESTCONTAINERS_HOST_OVERRIDE=localhost");
  }

  @Test
  void causesAreListedOnceOutermostFirst() {
    RuntimeException inner = new RuntimeException("inner");
    RuntimeException failure = new RuntimeException("outer", new RuntimeException("inner", inner));

    assertThat(TestcontainersFailure.causes(failure)).isEqualTo("outer: inner");
  }
}
