package dev.dbit.internal.config;

import java.time.Duration;

/**
 * How long dbit's connections, and those it hands out, wait on the server.
 *
 * @param connect opening a connection: TCP connect, TLS handshake, authentication
 * @param read one reply to one request on an open connection
 */
public record Timeouts(Duration connect, Duration read) {
  /** The defaults: 10 s to connect, 120 s for a reply. */
  public static final Timeouts DEFAULTS =
      new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(120));
}
