package dev.dbit.internal.stall;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/** The ways Connector/J can send a statement; each can stall differently on a bad transport. */
enum ProtocolPath {
  PLAIN_QUERY("plain text query", Map.of()) {
    @Override
    void runOnce(Connection connection, int i) throws SQLException {
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT 1")) {
        rows.next();
      }
    }
  },
  CLIENT_PREPARED("client-side prepared statement", Map.of("useServerPrepStmts", "false")) {
    @Override
    void runOnce(Connection connection, int i) throws SQLException {
      prepared(connection, i);
    }
  },
  SERVER_PREPARED(
      "server-side prepare/execute/close",
      Map.of("useServerPrepStmts", "true", "cachePrepStmts", "false")) {
    @Override
    void runOnce(Connection connection, int i) throws SQLException {
      prepared(connection, i);
    }
  },
  STREAM_PARAMETER(
      "stream parameter", Map.of("useServerPrepStmts", "true", "cachePrepStmts", "false")) {
    @Override
    void runOnce(Connection connection, int i) throws SQLException {
      try (PreparedStatement statement = connection.prepareStatement("SELECT LENGTH(?)")) {
        statement.setCharacterStream(1, new StringReader("dbit probe " + i));
        try (ResultSet rows = statement.executeQuery()) {
          rows.next();
        }
      }
    }
  };

  private final String label;
  private final Map<String, String> overrides;

  ProtocolPath(String label, Map<String, String> overrides) {
    this.label = label;
    this.overrides = overrides;
  }

  String label() {
    return label;
  }

  /** Connection parameters this path needs on top of the pool's. */
  Map<String, String> overrides() {
    return overrides;
  }

  abstract void runOnce(Connection connection, int i) throws SQLException;

  private static void prepared(Connection connection, int i) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("SELECT ?")) {
      statement.setInt(1, i);
      try (ResultSet rows = statement.executeQuery()) {
        rows.next();
      }
    }
  }
}
