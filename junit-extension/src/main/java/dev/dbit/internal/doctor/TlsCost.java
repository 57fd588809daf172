package dev.dbit.internal.doctor;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.report.Percentiles;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether the connections dbit hands out use TLS and, when they do, what it costs: opening a
 * connection with the pool's settings against opening one with {@code sslMode=DISABLED}, on the
 * same server in the same minute.
 *
 * @param cipher the negotiated cipher; empty when the connections do not use TLS
 * @param withTls opening a connection with the pool's settings
 * @param withoutTls opening one without TLS; empty when TLS is off or the server insists on it
 */
public record TlsCost(
    Optional<String> cipher, Percentiles withTls, Optional<Percentiles> withoutTls) {
  private static final int SAMPLES = 5;

  static TlsCost measure(ConnectionFactory poolSettings, String schema, Percentiles connect)
      throws SQLException {
    Optional<String> cipher;
    try (Connection connection = poolSettings.open(schema);
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SHOW SESSION STATUS LIKE 'Ssl_cipher'")) {
      cipher =
          rows.next() && rows.getString(2) != null && !rows.getString(2).isEmpty()
              ? Optional.of(rows.getString(2))
              : Optional.empty();
    }
    if (cipher.isEmpty()) {
      return new TlsCost(cipher, connect, Optional.empty());
    }
    ConnectionFactory plain = poolSettings.with(Map.of("sslMode", "DISABLED"));
    List<Double> without = new ArrayList<>();
    try {
      for (int i = 0; i < SAMPLES; i++) {
        long start = System.nanoTime();
        plain.open(schema).close();
        without.add((System.nanoTime() - start) / 1e6);
      }
    } catch (SQLException e) {
      // require_secure_transport=ON, or an account that requires TLS.
      return new TlsCost(cipher, connect, Optional.empty());
    }
    return new TlsCost(cipher, connect, Optional.of(Percentiles.of(without)));
  }

  /** One line for the doctor's report. */
  public String describe() {
    if (cipher.isEmpty()) {
      return "off";
    }
    return String.format(
        Locale.ROOT,
        "on (%s): opening a connection takes %.1f ms with it%s",
        cipher.get(),
        withTls.p50(),
        withoutTls
            .map(
                p ->
                    String.format(
                        Locale.ROOT, ", %.1f ms without (medians, N=%d each)", p.p50(), p.n()))
            .orElse("; the server refuses connections without it"));
  }
}
