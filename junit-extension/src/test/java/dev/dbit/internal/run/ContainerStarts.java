package dev.dbit.internal.run;

import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.ProviderKind;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.ServerChoice;
import dev.dbit.internal.server.ServerProvisioner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The benchmark's start lines for the Testcontainers provider, on the images .ci/docker builds:
 * from nothing running to a ready test schema and pool, split by whether Testcontainers created the
 * container ({@code start-container-new}) or reused one ({@code start-container-reused}, only with
 * {@code TESTCONTAINERS_REUSE_ENABLE=true}). Skipped where the engine lacks the images.
 */
final class ContainerStarts {
  static final Map<String, String> IMAGES =
      Map.of("tc-mysql", "dbit/mysql:8.0.31", "tc-mariadb", "dbit/mariadb:10.11");

  /** What to do with one measured series: the benchmark's own printer. */
  interface Printer {
    void print(String scenario, String method, List<Double> millis);
  }

  private ContainerStarts() {}

  static void measure(int starts, Printer printer, ClassLoader loader) {
    for (Map.Entry<String, String> image : new java.util.TreeMap<>(IMAGES).entrySet()) {
      if (!ServerProvisioner.lookAtDocker(image.getValue()).usable()) {
        System.out.println("bench skipped " + image.getKey() + ": " + image.getValue() + " absent");
        continue;
      }
      DbitConfiguration config =
          new ConfigurationReader(
                  key ->
                      key.equals("dbit.image") ? Optional.of(image.getValue()) : Optional.empty())
              .read();
      ServerChoice choice = new ServerChoice(ProviderKind.TESTCONTAINERS, "benchmark");
      Map<String, List<Double>> byKind = new LinkedHashMap<>();
      for (int i = 0; i < starts; i++) {
        long start = System.nanoTime();
        try (DatabaseServer server = ServerProvisioner.start(config, choice);
            WorkerRun run = RunStarter.start(config, server, loader)) {
          double millis = (System.nanoTime() - start) / 1e6;
          if (run.layout().tables().size() != 135) {
            throw new IllegalStateException("the template lacks tables: " + run.layout().tables());
          }
          String kind =
              server.description().contains("reused container")
                  ? "start-container-reused"
                  : "start-container-new";
          byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(millis);
        }
      }
      byKind.forEach((kind, millis) -> printer.print(kind, "dbit@" + image.getKey(), millis));
    }
  }
}
