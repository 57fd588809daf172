package dev.dbit.internal.server;

import dev.dbit.DbIntegrationTest;
import java.util.List;

/**
 * Whether the {@code testcontainers} provider could start now without waiting on a registry, and
 * what dbit found, in one line for the log.
 *
 * @param usable the engine answers and holds every image the provider needs
 * @param finding what was found, for humans
 */
public record DockerLook(boolean usable, String finding) {

  static DockerLook withoutTestcontainers(boolean version1Present) {
    return new DockerLook(
        false,
        version1Present
            ? "the test class path holds Testcontainers 1, and dbit's testcontainers provider"
                + " needs 2 (org.testcontainers:testcontainers-mysql)"
            : "Testcontainers is not on the test class path");
  }

  static DockerLook withoutEngine() {
    return new DockerLook(
        false,
        "no Docker engine is configured (no DOCKER_HOST, no docker.host in"
            + " ~/.testcontainers.properties, no Docker socket)");
  }

  /** The line for what {@link DockerProbe} found about a start of {@code image}. */
  static DockerLook of(DockerProbe.Findings findings, String image) {
    String at = "the Docker engine at " + findings.endpoint().description();
    if (!findings.answers()) {
      return new DockerLook(false, at + " " + findings.failure().orElseThrow());
    }
    List<String> missing = findings.missingImages();
    if (!missing.isEmpty()) {
      return new DockerLook(
          false,
          at
              + " answers but holds no "
              + String.join(" and no ", missing)
              + ", and auto never pulls (pull "
              + (missing.size() == 1 ? "it" : "them")
              + (missing.contains(image)
                  ? ", name a local image in " + DbIntegrationTest.IMAGE
                  : "")
              + ", or set "
              + DbIntegrationTest.PROVIDER
              + "=testcontainers to let Testcontainers pull)");
    }
    return new DockerLook(true, at + " answers and holds the images it needs");
  }
}
