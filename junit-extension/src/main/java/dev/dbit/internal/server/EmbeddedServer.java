package dev.dbit.internal.server;

import dev.dbit.internal.config.Secret;

/**
 * A server dbit started on this machine for the run: it listens on the loopback address, and dbit
 * connects as its {@code root} user, whose password is empty.
 */
interface EmbeddedServer extends DatabaseServer {
  @Override
  default String host() {
    return "127.0.0.1";
  }

  @Override
  default String user() {
    return "root";
  }

  @Override
  default Secret password() {
    return Secret.of("");
  }
}
