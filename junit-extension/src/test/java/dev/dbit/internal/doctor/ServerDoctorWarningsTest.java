package dev.dbit.internal.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.report.Percentiles;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The round-trip warning's text; when the path counts as slow is {@code StallModelTest}'s. */
class ServerDoctorWarningsTest {
  private static final ServerSettings QUIET =
      new ServerSettings(
          "test", Map.of("innodb_flush_log_at_trx_commit", "2", "performance_schema", "ON"));
  private static final Percentiles FAST = new Percentiles(20, 0.1, 0.1, 0.1);

  private static List<String> warnings(double selectOne, double echo) {
    return ServerDoctor.warnings(
        QUIET,
        new RoundTripBaseline(
            new Percentiles(50, selectOne, selectOne, selectOne),
            new Percentiles(50, echo, echo, echo),
            OptionalDouble.empty(),
            true),
        FAST,
        FAST);
  }

  @Test
  void aStalledOrDistantServerIsWarnedAbout() {
    assertThat(warnings(44.0, 0.05))
        .containsExactly(
            "the path to the server is slow: even the quickest SELECT 1s take 44.00 ms (p10;"
                + " median 44.00 ms) against 0.05 ms for a loopback echo in this JVM (median; N=50"
                + " each, taken alternately), with the pool's driver settings; a local server"
                + " answers in about 0.1 ms. Check the network path and tcpNoDelay.");
    assertThat(warnings(2.0, 0.05)).hasSize(1);
  }
}
