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
 * A run whose classes execute in parallel on schemas of their own names every one of them in its
 * report (the JSON's run entries and the header of report.html), not the last class's alone. Runs
 * through the JUnit Platform launcher, which registers dbit's report listener as Surefire would.
 */
class ParallelRunReportTest {

  @Test
  void theReportOfAParallelRunNamesEveryTestSchema(@TempDir Path dir) throws Exception {
    ParallelClassesTest.SCHEMAS.clear();
    ParallelClassesTest.BOTH_WROTE.reset();
    Map<String, String> config = new HashMap<>(ParallelClassesTest.CLASSES_CONCURRENT);
    config.put(DbIntegrationTest.REPORT_DIR, dir.toString());

    // Without the session listeners of this test JVM: one of them closes the JVM's shared session.
    LauncherFactory.create(
            LauncherConfig.builder().enableLauncherSessionListenerAutoRegistration(false).build())
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(
                    selectClass(ParallelClassesTest.WritesA.class),
                    selectClass(ParallelClassesTest.WritesB.class))
                .filters(EngineFilter.includeEngines("junit-jupiter"))
                .configurationParameters(config)
                .build());

    assertThat(ParallelClassesTest.SCHEMAS).hasSize(2);
    List<Path> jsons;
    try (Stream<Path> files = Files.list(dir)) {
      jsons = files.filter(f -> f.getFileName().toString().endsWith(".json")).toList();
    }
    assertThat(jsons).hasSize(1);
    String json = Files.readString(jsons.get(0));
    String html = Files.readString(dir.resolve("report.html"));
    for (String schema : ParallelClassesTest.SCHEMAS) {
      assertThat(json).contains(schema);
      assertThat(html).contains(schema);
    }
    assertThat(html).contains("test schemas:");
  }
}
