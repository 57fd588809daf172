package dev.dbit.internal.jdbc;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.config.Timeouts;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.ServerStartException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * Builds JDBC URLs and opens Connector/J connections to a {@link DatabaseServer}.
 *
 * <p>The password travels in connection properties, never in a URL, so URLs are safe to print.
 * Every connection is bounded twice: opening it (TCP, TLS, authentication) by the connect timeout,
 * every later wait for a reply by the read timeout, so that a silent server never hangs a run.
 */
public final class ConnectionFactory {
  private final DatabaseServer server;
  private final Map<String, String> params;
  private final Timeouts timeouts;

  private ConnectionFactory(DatabaseServer server, Map<String, String> params, Timeouts timeouts) {
    this.server = server;
    this.params = params;
    this.timeouts = timeouts;
  }

  /** Connections with the server's base parameters plus {@code extra}; later entries win. */
  public static ConnectionFactory of(
      DatabaseServer server, Map<String, String> extra, Timeouts timeouts) {
    Map<String, String> params = new LinkedHashMap<>(server.baseParams());
    params.putAll(extra);
    return new ConnectionFactory(server, Map.copyOf(params), timeouts);
  }

  /** The same server and parameters, plus {@code extra}. */
  public ConnectionFactory with(Map<String, String> extra) {
    Map<String, String> merged = new LinkedHashMap<>(params);
    merged.putAll(extra);
    return new ConnectionFactory(server, Map.copyOf(merged), timeouts);
  }

  /**
   * JDBC URL for {@code schema} (empty for none), without credentials; connections opened with it
   * wait at most the read timeout for any reply, the handshake included.
   */
  public String url(String schema) {
    return url(schema, timeouts.read().toMillis());
  }

  private String url(String schema, long socketTimeoutMillis) {
    Map<String, String> all = new LinkedHashMap<>(params);
    all.put("connectTimeout", Long.toString(timeouts.connect().toMillis()));
    all.put("socketTimeout", Long.toString(socketTimeoutMillis));
    String query =
        all.entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
    return "jdbc:mysql://" + server.host() + ":" + server.port() + "/" + schema + "?" + query;
  }

  /** The server, for messages: kind, host and port, user; never the password. */
  public String serverDescription() {
    return server.description();
  }

  /**
   * Opens a connection to {@code schema}: every read of the handshake waits at most the connect
   * timeout, every read after it the read timeout. A server that goes silent fails with the stage.
   */
  public Connection open(String schema) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", server.user());
    if (!server.password().isEmpty()) {
      properties.setProperty("password", server.password().reveal());
    }
    Connection connection;
    try {
      connection =
          DriverManager.getConnection(url(schema, timeouts.connect().toMillis()), properties);
    } catch (SQLException e) {
      throw SilentServer.explain(e, server.description(), timeouts).orElse(e);
    }
    try {
      connection.setNetworkTimeout(Runnable::run, (int) timeouts.read().toMillis());
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return connection;
  }

  /** A failure of {@link #open(String)} as an actionable error. */
  public ServerStartException explained(SQLException failure) {
    if (failure instanceof SilentServer) {
      return new ServerStartException("dbit: " + failure.getMessage(), failure);
    }
    return new ServerStartException(
        "dbit: cannot connect to "
            + server.host()
            + ":"
            + server.port()
            + " as "
            + server.user()
            + " ("
            + server.description()
            + "): "
            + firstLine(failure.getMessage())
            + ". Check that the server runs and accepts TCP connections there, and that "
            + DbIntegrationTest.URL
            + ", "
            + DbIntegrationTest.USER
            + " and the password (DBIT_PASSWORD or "
            + DbIntegrationTest.PASSWORD_FILE
            + ") are right.",
        failure);
  }

  /** The first line of a driver message, for one-line errors. */
  static String firstLine(String message) {
    if (message == null) {
      return "no message";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
