package dev.dbit.internal.jdbc;

import dev.dbit.DbIntegrationTest;
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
 */
public final class ConnectionFactory {
  /** Fails fast on unreachable servers instead of waiting for the OS's TCP timeout. */
  private static final Map<String, String> DEFAULT_PARAMS = Map.of("connectTimeout", "5000");

  private final DatabaseServer server;
  private final Map<String, String> params;

  private ConnectionFactory(DatabaseServer server, Map<String, String> params) {
    this.server = server;
    this.params = params;
  }

  /** Connections with the server's base parameters plus {@code extra}; later entries win. */
  public static ConnectionFactory of(DatabaseServer server, Map<String, String> extra) {
    Map<String, String> params = new LinkedHashMap<>(DEFAULT_PARAMS);
    params.putAll(server.baseParams());
    params.putAll(extra);
    return new ConnectionFactory(server, Map.copyOf(params));
  }

  /** The same server and parameters, plus {@code extra}. */
  public ConnectionFactory with(Map<String, String> extra) {
    Map<String, String> merged = new LinkedHashMap<>(params);
    merged.putAll(extra);
    return new ConnectionFactory(server, Map.copyOf(merged));
  }

  /** JDBC URL for {@code schema} (empty for none), without credentials. */
  public String url(String schema) {
    String query =
        params.entrySet().stream()
            .sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
    return "jdbc:mysql://" + server.host() + ":" + server.port() + "/" + schema + "?" + query;
  }

  public String user() {
    return server.user();
  }

  /** The password in clear text, for handing to a pool; never print it. */
  public String password() {
    return server.password().reveal();
  }

  /** The server, for messages: kind, host and port, user; never the password. */
  public String serverDescription() {
    return server.description();
  }

  /** Opens a connection to {@code schema}; a connect failure names host, port and the fix. */
  public Connection open(String schema) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", server.user());
    if (!server.password().isEmpty()) {
      properties.setProperty("password", server.password().reveal());
    }
    return DriverManager.getConnection(url(schema), properties);
  }

  /** Like {@link #open(String)}, but turns a failure to connect into an actionable error. */
  public Connection openOrExplain(String schema) {
    try {
      return open(schema);
    } catch (SQLException e) {
      throw new ServerStartException(
          "dbit: cannot connect to "
              + server.host()
              + ":"
              + server.port()
              + " as "
              + server.user()
              + " ("
              + server.description()
              + "): "
              + firstLine(e.getMessage())
              + ". Check that the server runs and accepts TCP connections there, and that "
              + DbIntegrationTest.URL
              + ", "
              + DbIntegrationTest.USER
              + " and "
              + DbIntegrationTest.PASSWORD
              + " are right.",
          e);
    }
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
