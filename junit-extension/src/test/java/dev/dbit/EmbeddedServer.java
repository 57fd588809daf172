package dev.dbit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The embedded server dbit starts for this JVM, for tests that change or inspect it directly. */
final class EmbeddedServer {
  private EmbeddedServer() {}

  /** The server's JDBC URL without a schema, learned from a one-test engine run. */
  static String jdbcUrl() {
    UrlTestCase.URL.set(null);
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(UrlTestCase.class, Map.of("dbit.provider", "embedded")), 1);
    String schemaUrl = UrlTestCase.URL.get();
    int slash = schemaUrl.indexOf('/', "jdbc:mysql://".length());
    return schemaUrl.substring(0, slash + 1);
  }

  /** Runs {@code statements} as root, in order. */
  static void execute(String url, String... statements) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url, "root", "");
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  @DbIntegrationTest
  static class UrlTestCase {
    static final AtomicReference<String> URL = new AtomicReference<>();

    @Test
    void recordsTheUrl(TestDatabase database) {
      URL.set(database.jdbcUrl());
    }
  }
}
