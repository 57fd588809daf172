package dev.dbit.internal.server;

import dev.dbit.internal.config.Secret;
import java.util.Map;

/** A running MySQL-compatible server that dbit may create schemas on. */
public interface DatabaseServer extends AutoCloseable {

  String host();

  int port();

  String user();

  Secret password();

  /**
   * JDBC URL parameters every connection to this server needs (for example TLS settings taken from
   * {@code dbit.url}); the pool's own parameters come on top.
   */
  Map<String, String> baseParams();

  /** One line for humans, for example {@code embedded MariaDB 11.4.5 on 127.0.0.1:41234}. */
  String description();

  /** Stops the server if dbit started it; leaves external servers alone. */
  @Override
  void close();
}
