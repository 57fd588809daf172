package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    List<Path> jsons =
        DbitTestKit.launch(
            ParallelClassesTest.CLASSES_CONCURRENT,
            dir,
            ParallelClassesTest.WritesA.class,
            ParallelClassesTest.WritesB.class);

    assertThat(ParallelClassesTest.SCHEMAS).hasSize(2);
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
