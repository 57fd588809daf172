package dev.dbit.internal;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.measure.LoopbackEcho;
import dev.dbit.internal.report.Percentiles;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A slow {@code SELECT 1} measured again, sample for sample alternating with a loopback echo inside
 * this JVM: when both are slow the machine is busy; when only {@code SELECT 1} is, the path to the
 * server is.
 *
 * @param selectOne {@code SELECT 1} round trips with the pool's driver settings, in milliseconds
 * @param loopbackEcho one-byte loopback echoes taken between them, in milliseconds
 */
record RoundTripEvidence(Percentiles selectOne, Percentiles loopbackEcho) {
  static final int SAMPLES = 40;

  /** The path adds this many times the machine's own round trip at least before dbit warns. */
  static final double SLOW_PATH_FACTOR = 4;

  static RoundTripEvidence measure(ConnectionFactory poolSettings, String schema)
      throws SQLException {
    List<Double> select = new ArrayList<>();
    List<Double> echo = new ArrayList<>();
    try (Connection connection = poolSettings.open(schema);
        Statement statement = connection.createStatement();
        LoopbackEcho loopback = LoopbackEcho.open()) {
      for (int i = 0; i < SAMPLES; i++) {
        long start = System.nanoTime();
        try (ResultSet rows = statement.executeQuery("SELECT 1")) {
          rows.next();
        }
        select.add((System.nanoTime() - start) / 1e6);
        echo.add(loopback.roundTripMillis());
      }
    } catch (IOException e) {
      throw new SQLException("dbit: the loopback echo failed: " + e.getMessage(), e);
    }
    return new RoundTripEvidence(Percentiles.of(select), Percentiles.of(echo));
  }

  /** True when the path to the server, not the machine, makes the round trip slow. */
  boolean pathIsSlow(double slowMillis) {
    return selectOne.p50() > slowMillis && selectOne.p50() > SLOW_PATH_FACTOR * loopbackEcho.p50();
  }

  String describe() {
    return String.format(
        Locale.ROOT,
        "SELECT 1 %.2f ms against %.2f ms for a loopback echo in this JVM (medians, N=%d each,"
            + " taken alternately)",
        selectOne.p50(),
        loopbackEcho.p50(),
        selectOne.n());
  }
}
