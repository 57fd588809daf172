package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * One verdict, the same everywhere: when a run of small classes stalls only together, the report
 * names every class the run's verdict sums as stalled, the first ones too, which ended before the
 * verdict, and counts the run. Through the JUnit Platform launcher, which registers dbit's report
 * listener as Surefire does.
 */
class RunVerdictReportTest {

  @Test
  void everyClassOfAStalledRunIsNamedInTheReport(@TempDir Path dir) throws Exception {
    Map<String, String> config =
        new HashMap<>(
            DbitTestKit.pinned(
                Map.of(DbIntegrationTest.JDBC_PARAMS, TransportStallTest.STALLING_DRIVER)));
    config.put(DbIntegrationTest.REPORT_DIR, dir.toString());

    LauncherFactory.create(
            LauncherConfig.builder().enableLauncherSessionListenerAutoRegistration(false).build())
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(
                    selectClass(StallVerdictLevelsTest.SmallOneTestCase.class),
                    selectClass(StallVerdictLevelsTest.SmallTwoTestCase.class),
                    selectClass(StallVerdictLevelsTest.SmallThreeTestCase.class),
                    selectClass(StallVerdictLevelsTest.SmallFourTestCase.class))
                .filters(EngineFilter.includeEngines("junit-jupiter"))
                .configurationParameters(config)
                .build());

    List<Path> jsons;
    try (Stream<Path> files = Files.list(dir)) {
      jsons = files.filter(f -> f.getFileName().toString().endsWith(".json")).toList();
    }
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
