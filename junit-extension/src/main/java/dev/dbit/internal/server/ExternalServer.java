package dev.dbit.internal.server;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.config.ReachParams;
import dev.dbit.internal.config.Secret;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** A server the developer runs, reached through {@code dbit.url}; dbit never stops it. */
public final class ExternalServer implements DatabaseServer {
  private static final int DEFAULT_PORT = 3306;

  private final String host;
  private final int port;
  private final String user;
  private final Secret password;
  private final Map<String, String> params;

  private ExternalServer(
      String host, int port, String user, Secret password, Map<String, String> params) {
    this.host = host;
    this.port = port;
    this.user = user;
    this.password = password;
    this.params = Map.copyOf(params);
  }

  /** Parses {@code jdbc:mysql://host[:port][/database][?params]}; the database is ignored. */
  public static ExternalServer fromUrl(String url, String user, Secret password) {
    return fromUrl(url, user, password, Map.of());
  }

  /**
   * Like {@link #fromUrl(String, String, Secret)}; a server on this machine gets {@code
   * sslMode=DISABLED} unless the URL or {@code jdbcParams} (dbit.jdbc) say anything about TLS:
   * encrypting loopback traffic protects nothing and makes every connection slower to open.
   */
  public static ExternalServer fromUrl(
      String url, String user, Secret password, Map<String, String> jdbcParams) {
    ExternalServer server = parse(url, user, password);
    if (!Loopback.is(server.host)
        || ReachParams.mentionTls(server.params)
        || ReachParams.mentionTls(jdbcParams)) {
      return server;
    }
    Map<String, String> params = new LinkedHashMap<>(server.params);
    params.put("sslMode", "DISABLED");
    return new ExternalServer(server.host, server.port, user, password, params);
  }

  private static ExternalServer parse(String url, String user, Secret password) {
    String rest = url.substring("jdbc:mysql://".length());
    int query = rest.indexOf('?');
    Map<String, String> params = new LinkedHashMap<>();
    if (query >= 0) {
      for (String pair : rest.substring(query + 1).split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          params.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
      }
      rest = rest.substring(0, query);
    }
    int slash = rest.indexOf('/');
    String hostPort = slash >= 0 ? rest.substring(0, slash) : rest;
    if (hostPort.isEmpty() || hostPort.contains(",")) {
      throw new ExtensionConfigurationException(
          "dbit: invalid value '"
              + url
              + "' for "
              + DbIntegrationTest.URL
              + ". It must name exactly one host, for example jdbc:mysql://127.0.0.1:3306/");
    }
    int colon = hostPort.lastIndexOf(':');
    if (colon < 0 || hostPort.endsWith("]")) {
      return new ExternalServer(hostPort, DEFAULT_PORT, user, password, params);
    }
    try {
      int port = Integer.parseInt(hostPort.substring(colon + 1));
      return new ExternalServer(hostPort.substring(0, colon), port, user, password, params);
    } catch (NumberFormatException e) {
      throw new ExtensionConfigurationException(
          "dbit: invalid value '"
              + url
              + "' for "
              + DbIntegrationTest.URL
              + ". The port must be a number, for example jdbc:mysql://127.0.0.1:3306/");
    }
  }

  @Override
  public String host() {
    return host;
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public String user() {
    return user;
  }

  @Override
  public Secret password() {
    return password;
  }

  @Override
  public Map<String, String> baseParams() {
    return params;
  }

  @Override
  public String description() {
    return "external server " + host + ":" + port + " as " + user;
  }

  @Override
  public void close() {
    // Not ours to stop.
  }
}
