package dev.dbit.internal.stall;

import dev.dbit.internal.report.Percentiles;
import java.util.List;
import java.util.Locale;

/**
 * What the differential probe measured per protocol path.
 *
 * @param paths one timing per path, in probe order
 * @param echo loopback echoes inside this JVM, one after each timed request
 */
record ProbeResult(List<PathTiming> paths, Percentiles echo) {

  /**
   * One path's timing.
   *
   * @param path the protocol path
   * @param millis its round trips in milliseconds
   * @param stalls whether it is far above a normal round trip
   */
  public record PathTiming(ProtocolPath path, Percentiles millis, boolean stalls) {}

  public ProbeResult {
    paths = List.copyOf(paths);
  }

  public boolean anyStalls() {
    return paths.stream().anyMatch(PathTiming::stalls);
  }

  /** Whether even the fastest path stalls: the probe has no healthy path to compare with. */
  boolean everyPathStalls() {
    return !paths.isEmpty() && paths.stream().allMatch(PathTiming::stalls);
  }

  /** The smallest p10 of any path: what even the quickest requests of the probe took. */
  double fastestP10() {
    return paths.stream().mapToDouble(t -> t.millis().p10()).min().orElse(0);
  }

  /** The p90 of the slowest path that stalls, in milliseconds; 0 when none stalls. */
  double slowestStallMillis() {
    return paths.stream()
        .filter(PathTiming::stalls)
        .mapToDouble(t -> t.millis().p90())
        .max()
        .orElse(0);
  }

  boolean stalls(ProtocolPath path) {
    return paths.stream().anyMatch(t -> t.path() == path && t.stalls());
  }

  /** The table printed in a stall report. */
  public String table() {
    StringBuilder table = new StringBuilder();
    for (PathTiming timing : paths) {
      table.append(
          String.format(
              Locale.ROOT,
              "  %-34s median %8.2f ms  p90 %8.2f ms  (N=%d)  %s%n",
              timing.path().label(),
              timing.millis().p50(),
              timing.millis().p90(),
              timing.millis().n(),
              timing.stalls() ? "STALLS" : "ok"));
    }
    table.append(
        String.format(
            Locale.ROOT,
            "  %-34s median %8.2f ms  p90 %8.2f ms  (N=%d, one after each request)%n",
            "loopback echo in this JVM",
            echo.p50(),
            echo.p90(),
            echo.n()));
    return table.toString();
  }
}
