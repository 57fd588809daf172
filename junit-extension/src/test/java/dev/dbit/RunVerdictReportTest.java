package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One verdict, the same everywhere: when a run of small classes stalls only together, the report
 * names every class the run's verdict sums as stalled, the first ones too, which ended before the
 * verdict, and counts the run. Through the JUnit Platform launcher, which registers dbit's report
 * listener as Surefire does.
 */
class RunVerdictReportTest {

  @Test
  void everyClassOfAStalledRunIsNamedInTheReport(@TempDir Path dir) throws Exception {
    List<Path> jsons =
        DbitTestKit.launch(
            DbitTestKit.pinned(
                Map.of(DbIntegrationTest.JDBC_PARAMS, TransportStallTest.STALLING_DRIVER)),
            dir,
            StallVerdictLevelsTest.SmallOneTestCase.class,
            StallVerdictLevelsTest.SmallTwoTestCase.class,
            StallVerdictLevelsTest.SmallThreeTestCase.class,
            StallVerdictLevelsTest.SmallFourTestCase.class);
    assertThat(jsons).hasSize(1);
    String json = Files.readString(jsons.get(0));
    assertThat(json).contains("\"dbit.verdict.run\": \"transport stall: ");
    // Each class alone ran too few statements; the run's verdict names them all, whichever order
    // JUnit ran them in.
    List<String> classes =
        List.of("SmallOneTestCase", "SmallTwoTestCase", "SmallThreeTestCase", "SmallFourTestCase");
    for (String name : classes) {
      assertThat(json)
          .contains(
              "\""
                  + name
                  + "\": \"transport stall: with the run's small tests (dbit.verdict.run)\"");
    }
  }
}
