package dev.dbit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.report.Percentiles;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The round-trip warning on numbers alone: the path must be slow against the machine's own. */
class ServerDoctorWarningsTest {
  private static final ServerSettings QUIET =
      new ServerSettings(
          "test", Map.of("innodb_flush_log_at_trx_commit", "2", "performance_schema", "ON"));
  private static final Percentiles FAST = new Percentiles(20, 0.1, 0.1, 0.1);

  private static java.util.List<String> warnings(double selectOne, double echo) {
    return ServerDoctor.warnings(
        QUIET,
        Optional.of(
            new RoundTripEvidence(
                new Percentiles(40, selectOne, selectOne, selectOne),
                new Percentiles(40, echo, echo, echo))),
        FAST,
        FAST);
  }

  @Test
  void aStalledOrDistantServerIsWarnedAbout() {
    assertThat(warnings(44.0, 0.05))
        .singleElement()
        .asString()
        .startsWith("the path to the server is slow");
    assertThat(warnings(2.0, 0.05)).hasSize(1);
  }

  @Test
  void aRoundTripSlowedAsMuchAsTheMachinesOwnIsNot() {
    assertThat(warnings(1.2, 0.9)).isEmpty();
    assertThat(warnings(3.0, 1.0)).isEmpty();
  }

  @Test
  void aFastRoundTripIsNeverMeasuredAgain() {
    assertThat(ServerDoctor.warnings(QUIET, Optional.empty(), FAST, FAST)).isEmpty();
  }
}
