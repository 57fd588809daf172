package dev.dbit.internal.server;

import dev.dbit.DbIntegrationTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Says what failed when Testcontainers could not start dbit's container: the server's image could
 * not be pulled, a helper image Testcontainers needs was missing, the container exited, or the
 * engine did not answer. Reads only the exception chain, the engine's answers from before the start
 * and the container's last log lines, so it is tested on synthetic failures.
 */
final class TestcontainersFailure {
  private static final String EMBEDDED = " or use -D" + DbIntegrationTest.PROVIDER + "=embedded.";

  private TestcontainersFailure() {}

  /**
   * The message for a failed start of {@code image}.
   *
   * @param ryukImage the name of Ryuk's image, as Testcontainers would pull it
   * @param before what the engine said before the start, empty when dbit could not ask it
   * @param logTail the container's last log lines, empty when it never ran
   */
  static String explain(
      String image,
      String ryukImage,
      Optional<DockerProbe.Findings> before,
      Throwable failure,
      List<String> logTail) {
    String causes = causes(failure);
    String start =
        "dbit: " + DbIntegrationTest.PROVIDER + "=testcontainers could not start " + image + ": ";
    if (before.isPresent() && !before.get().answers()) {
      return start
          + DockerLook.of(before.get(), image).finding()
          + ". Start the engine (docker info must answer),"
          + EMBEDDED;
    }
    if (causes.contains("Could not connect to Ryuk at")) {
      return start + ryukUnreachable(causes);
    }
    if (aboutRyuk(causes)) {
      return start + ryuk(ryukImage, causes);
    }
    if (causes.contains("RemoteDockerImage") && !causes.contains(image)) {
      return start + helperImage(image, ryukImage, causes);
    }
    if (causes.contains("Can't get Docker image") || causes.contains("pull access denied")) {
      return start
          + "the image could not be pulled ("
          + causes
          + "). Pull it yourself, or name in "
          + DbIntegrationTest.IMAGE
          + " an image the engine holds or one of your registry's mirror,"
          + EMBEDDED;
    }
    if (!logTail.isEmpty() || causes.contains("executable file not found")) {
      return start
          + "the container did not become ready ("
          + causes
          + ")."
          + (logTail.isEmpty() ? "" : " Its log ends:\n  " + String.join("\n  ", logTail) + "\n")
          + " The image must take server options as its command and MYSQL_ROOT_PASSWORD, as the"
          + " official mysql and mariadb images do (docs/providers.md),"
          + EMBEDDED;
    }
    return start + causes + "." + EMBEDDED.replace(" or", " Fix the above, or");
  }

  /** Ryuk's image could not be pulled, or its container did not start. */
  private static String ryuk(String ryukImage, String causes) {
    boolean pulled = !causes.contains("Could not create/start container");
    return "Testcontainers could not "
        + (pulled ? "get its helper image " : "start its helper container from ")
        + ryukImage
        + " ("
        + causes
        + ")."
        + (pulled
            ? " Make it available (pull it once where a registry answers, or point"
                + " ryuk.container.image in ~/.testcontainers.properties at a mirror), or"
            : " Where containers may not run privileged, set"
                + " TESTCONTAINERS_RYUK_CONTAINER_PRIVILEGED=false; or")
        + " turn Ryuk off with the environment variable "
        + TestcontainersMySql.RYUK_DISABLED
        + "=true (containers then stop when the JVM exits),"
        + EMBEDDED;
  }

  /** Ryuk runs, but its published port is not where Testcontainers looks for it. */
  private static String ryukUnreachable(String causes) {
    return "Testcontainers started its helper container Ryuk but could not reach its port ("
        + causes
        + "): the engine publishes ports where this JVM cannot reach them at that address (a"
        + " daemon that publishes on 127.0.0.1 only, or tests in a container of their own). Set "
        + TestcontainersMySql.HOST_OVERRIDE
        + " to the address that reaches published ports (127.0.0.1 beside the engine), or turn"
        + " Ryuk off with "
        + TestcontainersMySql.RYUK_DISABLED
        + "=true,"
        + EMBEDDED;
  }

  /** A pull timed out for an image other than the server's, which the engine holds. */
  private static String helperImage(String image, String ryukImage, String causes) {
    return "Testcontainers waited for an image it could not pull ("
        + causes
        + "). Not "
        + image
        + ", which the engine holds: a helper image, such as "
        + TestcontainersMySql.HOST_ADDRESS_HELPER
        + ", which it runs inside a container to find the Docker host's address (set "
        + TestcontainersMySql.HOST_OVERRIDE
        + "=localhost where the engine runs beside the tests), or Ryuk's "
        + ryukImage
        + ","
        + EMBEDDED;
  }

  /** Whether {@code causes} ({@link #causes}) name Ryuk: its image, its start or its port. */
  static boolean aboutRyuk(String causes) {
    return causes.toLowerCase(Locale.ROOT).contains("ryuk");
  }

  /** The messages of the exception and its causes, outermost first, without repeats. */
  static String causes(Throwable failure) {
    List<String> messages = new ArrayList<>();
    for (Throwable t = failure; t != null && messages.size() < 6; t = t.getCause()) {
      String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
      String firstLine = message.lines().findFirst().orElse(message).strip();
      if (messages.stream().noneMatch(m -> m.contains(firstLine))) {
        messages.add(firstLine);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return String.join(": ", messages);
  }
}
