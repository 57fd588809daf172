package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.EmbeddedMariaDb;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One TLS rule for every connection dbit opens: what {@code dbit.jdbc.params} says about TLS
 * reaches dbit's own control connection, not only the pool. The relay in front of the server tells
 * clients that TLS is on offer and cannot carry it, like the proxy a user met; a connection that
 * asks for TLS through it (Connector/J's default, {@code sslMode=PREFERRED}) is dropped.
 */
class TlsSettingTest {
  private static EmbeddedMariaDb embedded;

  @BeforeAll
  static void startServer() {
    embedded = EmbeddedMariaDb.start(Path.of(System.getProperty("user.home"), ".cache", "dbit"));
  }

  @AfterAll
  static void stopServer() {
    embedded.close();
  }

  @Test
  void sslModeInJdbcParamsReachesDbitsOwnConnections() throws IOException {
    try (PacketRelay relay = PacketRelay.claimingTls(embedded.port())) {
      DbitTestKit.assertAllSucceeded(
          DbitTestKit.run(
              WithoutTlsTestCase.class,
              TransportStallTest.onSmallShop(
                  "dbit.url",
                  "jdbc:mysql://127.0.0.1:" + relay.port() + "/",
                  "dbit.jdbc.params",
                  "sslMode=DISABLED",
                  "dbit.timeout.connect",
                  "3")),
          1);
    }
  }

  @DbIntegrationTest
  static class WithoutTlsTestCase {
    @Test
    void talksInPlainText(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement();
          ResultSet cipher = statement.executeQuery("SHOW SESSION STATUS LIKE 'Ssl_cipher'")) {
        assertThat(cipher.next()).isTrue();
        assertThat(cipher.getString(2)).isEmpty();
      }
    }
  }
}
