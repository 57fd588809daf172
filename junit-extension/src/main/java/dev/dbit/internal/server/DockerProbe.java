package dev.dbit.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Asks a Docker engine, within a time bound and without pulling anything, whether it answers and
 * which of some images it holds locally: two kinds of HTTP GET on its API socket ({@code /_ping},
 * {@code /images/NAME/json}).
 */
final class DockerProbe {
  /** How long the whole probe may take; a local engine answers in milliseconds. */
  static final Duration TIME_BOUND = Duration.ofSeconds(3);

  private DockerProbe() {}

  /**
   * What the engine said.
   *
   * @param endpoint where it was asked
   * @param failure why it did not answer, empty when it did
   * @param missingImages the images asked about that it does not hold
   * @param bridgeGateway its bridge network names a gateway (Testcontainers' host address inside a
   *     container)
   */
  record Findings(
      DockerEndpoint endpoint,
      Optional<String> failure,
      List<String> missingImages,
      boolean bridgeGateway) {
    boolean answers() {
      return failure.isEmpty();
    }

    /** These findings without {@code image} among the missing ones. */
    Findings without(String image) {
      List<String> rest = missingImages.stream().filter(i -> !i.equals(image)).toList();
      return new Findings(endpoint, failure, rest, bridgeGateway);
    }
  }

  /** Pings the engine at {@code endpoint}, then looks up each image in its local store. */
  static Findings ask(DockerEndpoint endpoint, List<String> images, Duration bound) {
    if (endpoint.address().isEmpty()) {
      return new Findings(endpoint, endpoint.whyNotProbed(), List.of(), false);
    }
    SocketAddress address = endpoint.address().get();
    // A thread of its own: interrupting it closes a channel stuck in connect or read.
    ExecutorService thread =
        Executors.newSingleThreadExecutor(
            task -> {
              Thread t = new Thread(task, "dbit-docker-probe");
              t.setDaemon(true);
              return t;
            });
    Future<Findings> asked = thread.submit(() -> askNow(endpoint, address, images));
    try {
      return asked.get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return failed(endpoint, "did not answer within " + bound.toSeconds() + " s");
    } catch (ExecutionException e) {
      return failed(endpoint, String.valueOf(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failed(endpoint, "interrupted");
    } finally {
      thread.shutdownNow();
    }
  }

  private static Findings askNow(
      DockerEndpoint endpoint, SocketAddress address, List<String> images) {
    try {
      int ping = statusCode(get(address, "/_ping"));
      if (ping != 200) {
        return failed(endpoint, "answered /_ping with HTTP " + ping);
      }
      List<String> missing = new ArrayList<>();
      for (String image : images) {
        if (statusCode(get(address, "/images/" + image + "/json")) != 200) {
          missing.add(image);
        }
      }
      boolean gateway = get(address, "/networks/bridge").contains("\"Gateway\":\"");
      return new Findings(endpoint, Optional.empty(), List.copyOf(missing), gateway);
    } catch (IOException e) {
      String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return failed(endpoint, "could not be reached: " + reason);
    }
  }

  private static Findings failed(DockerEndpoint endpoint, String why) {
    return new Findings(endpoint, Optional.of(why), List.of(), false);
  }

  /** One HTTP/1.0 GET (the engine closes the connection after answering); the whole response. */
  static String get(SocketAddress address, String path) throws IOException {
    try (SocketChannel channel = open(address)) {
      String request = "GET " + path + " HTTP/1.0\r\nHost: docker\r\n\r\n";
      channel.write(ByteBuffer.wrap(request.getBytes(StandardCharsets.US_ASCII)));
      return readAll(Channels.newInputStream(channel));
    }
  }

  private static SocketChannel open(SocketAddress address) throws IOException {
    if (address instanceof UnixDomainSocketAddress) {
      SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
      channel.connect(address);
      return channel;
    }
    InetSocketAddress inet = (InetSocketAddress) address;
    return SocketChannel.open(new InetSocketAddress(inet.getHostString(), inet.getPort()));
  }

  private static String readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    in.transferTo(out);
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  /** The status code of an HTTP response, or -1 when it is not one. */
  static int statusCode(String response) {
    String[] statusLine = response.lines().findFirst().orElse("").split(" ", 3);
    if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
      return -1;
    }
    try {
      return Integer.parseInt(statusLine[1]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
