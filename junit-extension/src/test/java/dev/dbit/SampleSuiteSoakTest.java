package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The sample suite, a user's suite of 97 tests on a 135-table schema, run after run through a relay
 * that loses dbit's own requests at random (one in {@value #ONE_IN}, dropped or unanswered as the
 * seed draws) on the machine's MariaDB: the only failures are the lost requests themselves, each
 * failing with dbit's message; no test fails its own assertions (which a dirty start would break),
 * nothing hangs, and a run with no loss after the soak is green. The sample's compiled classes are
 * loaded from {@code sample-project/target} ({@code mvn test-compile -pl sample-project -am}).
 * {@value #QUICK_RUNS} runs in the small tier, {@value #FULL_RUNS} in the full one; the seed base
 * and a replay command are printed.
 */
@Tag("faults")
class SampleSuiteSoakTest {
  private static final int ONE_IN = 200;
  private static final int QUICK_RUNS = 3;
  private static final int FULL_RUNS = 40;
  private static final long HANG_SECONDS = 900;
  private static final Path SAMPLE = Path.of("..", "sample-project", "target").toAbsolutePath();

  @Test
  void sampleSuiteThroughALossyRelay() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    assertThat(SAMPLE.resolve("test-classes/dev/dbit/sample"))
        .as("the sample's compiled tests: mvn -B test-compile -pl sample-project -am")
        .isDirectory();
    int runs = ProofSeeds.count(QUICK_RUNS, FULL_RUNS);
    FaultTally tally = new FaultTally();
    try (FaultRun.Sentinel sentinel = new FaultRun.Sentinel(ExternalServerTest.URL);
        FaultRelay relay = new FaultRelay(ExternalServerTest.PORT);
        URLClassLoader sample = sampleClassLoader()) {
      Map<String, String> config =
          Map.of(
              DbIntegrationTest.URL,
              relay.url(),
              DbIntegrationTest.MIGRATIONS,
              "filesystem:" + SAMPLE.resolve("test-classes/db/migration"),
              DbIntegrationTest.STALL_MODE,
              "off");
      FaultRun first = run(sample, config);
      assertThat(first.failures()).as("the sample suite through the relay, no loss").isEmpty();
      relay.soak(ProofSeeds.base(), ONE_IN);
      for (int run = 1; run <= runs; run++) {
        int before = relay.soaked();
        FaultRun outcome = run(sample, config);
        tally.add(run, "soak", outcome);
        System.out.printf(
            "sample soak run %d: %d tests, %d requests lost, %s%n",
            run,
            outcome.tests(),
            relay.soaked() - before,
            outcome.green() ? "green" : outcome.failures());
      }
      int requests = relay.requests();
      relay.arm(0, FaultRelay.Loss.DROPPED);
      FaultRun after = run(sample, config);
      System.out.printf(
          "random soak (the sample suite on external MariaDB 10.11): %d runs, %d of %d requests"
              + " lost (one in %d); recovered %d, failed clearly %d, unclear failures %d, hangs %d;"
              + " the run after the soak %s; seed base %d, replay: mvn test -pl junit-extension -am"
              + " -Pfaults -Dtest='SampleSuiteSoakTest' -D%s=%d -D%s=%d%n",
          runs,
          relay.soaked(),
          requests,
          ONE_IN,
          tally.recovered,
          tally.clear,
          tally.unclear,
          tally.hangs,
          after.green() ? "green" : "red: " + after.failures(),
          ProofSeeds.base(),
          ProofSeeds.SEED,
          ProofSeeds.base(),
          ProofSeeds.CASES,
          runs);
      tally.messages.forEach(m -> System.out.println("  soak: " + m));
      assertThat(after.failures()).as("the run after the soak").isEmpty();
      assertThat(tally.findings).as("the sample soak").isEmpty();
      assertThat(sentinel.untouched()).as("a schema dbit does not own is untouched").isTrue();
    }
  }

  /** One run of the sample suite, as a build runs it: a launcher session of its own. */
  private static FaultRun run(ClassLoader sample, Map<String, String> config) throws Exception {
    return FaultRun.of(
        () -> {
          Thread.currentThread().setContextClassLoader(sample);
          return EngineTestKit.engine("junit-jupiter")
              .enableImplicitConfigurationParameters(false)
              .configurationParameters(config)
              .selectors(selectPackage("dev.dbit.sample"))
              .execute();
        },
        HANG_SECONDS);
  }

  private static URLClassLoader sampleClassLoader() throws Exception {
    URL[] urls = {
      SAMPLE.resolve("classes").toUri().toURL(), SAMPLE.resolve("test-classes").toUri().toURL()
    };
    assertThat(Files.isDirectory(SAMPLE.resolve("classes"))).as("the sample's classes").isTrue();
    return new URLClassLoader(urls, SampleSuiteSoakTest.class.getClassLoader());
  }
}
