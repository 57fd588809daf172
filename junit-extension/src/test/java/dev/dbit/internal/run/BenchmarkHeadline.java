package dev.dbit.internal.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The benchmark's headline, per server, from its {@code bench} lines: medians of dbit between two
 * tests against each baseline, the clean reset in round trips, a whole test against the same test
 * rolled back, and on the large table fixture each one-row change against a test that changed
 * nothing.
 */
final class BenchmarkHeadline {
  private BenchmarkHeadline() {}

  /** Markdown lines: a short heading and one table row per server. */
  static List<String> table(List<String> lines) {
    Map<String, Double> medians = new LinkedHashMap<>();
    Set<String> servers = new LinkedHashSet<>();
    for (String line : lines) {
      String[] parts = line.split(" ");
      int at = parts[2].indexOf('@');
      if (at > 0) {
        servers.add(parts[2].substring(at + 1));
      }
      medians.put(parts[1] + " " + parts[2], Double.parseDouble(value(parts[5])));
    }
    List<String> table =
        heading(
            "Headline",
            "server",
            "typical: dbit ms",
            "delete-each / dbit",
            "delete-batch / dbit",
            "probe-all / dbit",
            "clean: dbit ms",
            "clean: dbit / select1",
            "test: dbit ms",
            "test: rollback ms",
            "test: dbit / rollback");
    for (String server : servers) {
      Map<String, Double> m = new LinkedHashMap<>();
      String suffix = "@" + server;
      medians.forEach(
          (key, value) -> {
            if (key.endsWith(suffix)) {
              m.put(key.substring(0, key.length() - suffix.length()), value);
            }
          });
      if (!m.containsKey("reset-typical dbit")) {
        continue;
      }
      double typical = m.get("reset-typical dbit");
      double clean = m.get("reset-clean dbit");
      double test = m.get("test-typical dbit");
      double rollback = m.get("test-typical rollback");
      table.add(
          row(
              server,
              format("%.2f", typical),
              format("%.1fx", m.get("reset-typical delete-each") / typical),
              format("%.1fx", m.get("reset-typical delete-batch") / typical),
              format("%.1fx", m.get("reset-typical probe-all") / typical),
              format("%.2f", clean),
              format("%.1f", clean / m.get("round-trip select1")),
              format("%.2f", test),
              format("%.2f", rollback),
              format("%.2f", test / rollback)));
    }
    table.add("");
    table.addAll(floor(medians, servers));
    table.add("");
    table.addAll(largeTable(medians, servers));
    table.add("");
    table.addAll(cascades(medians, servers));
    return table;
  }

  /** A table's heading, a blank line, its header row and the separator row. */
  private static List<String> heading(String title, String... columns) {
    return new ArrayList<>(
        List.of(
            "### " + title + " (medians of this run)",
            "",
            row(columns),
            "|---".repeat(columns.length) + "|"));
  }

  private static String row(String... cells) {
    return "| " + String.join(" | ", cells) + " |";
  }

  /**
   * The typical reset against its floor, the cleanup alone: what dbit adds to it (ending the
   * measurement, finding the tables, reading the counters again), and the best ratio against each
   * baseline that any method which deletes the test's rows could reach.
   */
  private static List<String> floor(Map<String, Double> medians, Set<String> servers) {
    List<String> table =
        heading(
            "Against the floor",
            "server",
            "typical: dbit ms",
            "cleanup alone ms",
            "dbit above cleanup-only ms",
            "end reading ms",
            "delete-each / cleanup alone",
            "probe-all / cleanup alone",
            "clean: end reading ms",
            "clean: reset ms",
            "select1 ms");
    for (String server : servers) {
      String at = "@" + server;
      Double floor = medians.get("reset-typical cleanup-only" + at);
      Double typical = medians.get("reset-typical dbit" + at);
      if (floor == null || typical == null) {
        continue;
      }
      table.add(
          row(
              server,
              format("%.2f", typical),
              format("%.2f", floor),
              format("%.2f", typical - floor),
              format("%.2f", medians.get("reset-typical dbit-end" + at)),
              format("%.1fx", medians.get("reset-typical delete-each" + at) / floor),
              format("%.1fx", medians.get("reset-typical probe-all" + at) / floor),
              format("%.2f", medians.get("reset-clean dbit-end" + at)),
              format("%.2f", medians.get("reset-clean dbit-reset" + at)),
              format("%.2f", medians.get("round-trip select1" + at))));
    }
    return table;
  }

  /** The large table scenario: each one-row change against a test that changed nothing. */
  private static List<String> largeTable(Map<String, Double> medians, Set<String> servers) {
    List<String> table =
        heading(
            "Large reference table",
            "server",
            "changed nothing: dbit ms",
            "rolled back / nothing",
            "updated one row / nothing",
            "deleted one row / nothing",
            "inserted one row / nothing");
    for (String server : servers) {
      Double nothing = medians.get("reset-large nothing@" + server);
      if (nothing == null) {
        continue;
      }
      List<String> cells = new ArrayList<>(List.of(server, format("%.2f", nothing)));
      for (String kind : List.of("rolled-back", "update", "delete", "insert")) {
        cells.add(format("%.1fx", medians.get("reset-large " + kind + "@" + server) / nothing));
      }
      table.add(row(cells.toArray(String[]::new)));
    }
    return table;
  }

  /**
   * The cascade scenario: a parent changed without a key change and a child changed against a leaf
   * one-row change; a parent delete against the leaf change and the floor of restoring its rows.
   */
  private static List<String> cascades(Map<String, Double> medians, Set<String> servers) {
    List<String> table =
        heading(
            "Cascades",
            "server",
            "leaf one-row change: dbit ms",
            "its floor ms",
            "parent updated, key kept / leaf",
            "child updated / leaf",
            "parent deleted: dbit ms",
            "its rows' floor ms",
            "(parent deleted - its floor) / leaf");
    for (String server : servers) {
      String at = "@" + server;
      Double leaf = medians.get("reset-cascade leaf-update" + at);
      if (leaf == null) {
        continue;
      }
      double deleted = medians.get("reset-cascade parent-delete" + at);
      double deleteFloor = medians.get("reset-cascade cleanup-only-parent-delete" + at);
      table.add(
          row(
              server,
              format("%.2f", leaf),
              format("%.2f", medians.get("reset-cascade cleanup-only-leaf" + at)),
              format("%.2fx", medians.get("reset-cascade parent-update" + at) / leaf),
              format("%.2fx", medians.get("reset-cascade child-update" + at) / leaf),
              format("%.2f", deleted),
              format("%.2f", deleteFloor),
              format("%.2fx", (deleted - deleteFloor) / leaf)));
    }
    return table;
  }

  private static String format(String pattern, double value) {
    return String.format(Locale.ROOT, pattern, value);
  }

  private static String value(String pair) {
    return pair.substring(pair.indexOf('=') + 1);
  }
}
