package dev.dbit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Statements run as root on a server, for tests that set it up or inspect it directly. */
final class RootSql {
  /** root's password on the server under test: empty here, but the container provider sets one. */
  static volatile String password = "";

  private RootSql() {}

  /** Runs {@code statements} as root, in order. */
  static void execute(String url, String... statements) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "root", "");
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
