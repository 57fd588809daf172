package dev.dbit.internal.run;

import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.reset.ResetEngine;
import dev.dbit.internal.reset.RowSource;
import dev.dbit.internal.reset.SchemaRestorer;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.template.CascadingKey;
import dev.dbit.internal.template.RowKeys;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.TemplateBuilder;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The lines a run logs: when it is ready (server, template, copy, how resets find changes) and when
 * it ends (the resets and the tests between them).
 */
final class ReadyLine {
  private ReadyLine() {}

  /** Server, template, copy and round trip; {@link #resets} follows. */
  static String of(
      DatabaseServer server,
      TemplateBuilder.Template template,
      SchemaLayout layout,
      String copy,
      boolean reused,
      RoundTripBaseline baseline) {
    return String.format(
        "dbit: %s; template %s %s (%d tables, %d reference tables); test schema %s %s;"
            + " round trip %s",
        server.description(),
        template.schema(),
        template.reused() ? "reused" : "migrated",
        layout.tables().size(),
        layout.referenceTables().size(),
        copy,
        reused ? "reused" : "copied",
        baseline.describe());
  }

  /** How resets find changes, and the time since {@code start} (a nanoTime). */
  static String resets(ServerCounters counters, ResetEngine<?> between, long start) {
    return "; performance_schema "
        + (counters.performanceSchema() ? "on" : "off")
        + "; changed tables found by "
        + between.describe()
        + "; ready in "
        + (System.nanoTime() - start) / 1_000_000
        + " ms";
  }

  /**
   * How the reference tables restored by rows (large ones, and those under a cascade) are restored,
   * when there are any.
   */
  static String largeTables(
      SchemaLayout layout, SchemaRestorer restorer, Connection control, String template)
      throws SQLException {
    List<String> keyless = RowKeys.largeWithoutKey(control, template, layout);
    String reloaded =
        keyless.isEmpty()
            ? ""
            : "; large tables without a primary key, reloaded whole after a test changed them: "
                + String.join(", ", keyless);
    if (layout.rowKeys().isEmpty()) {
      return reloaded;
    }
    Set<String> followed = new TreeSet<>(restorer.rowSource().followedTables());
    followed.retainAll(layout.rowKeys().keySet());
    Set<String> keyed = new TreeSet<>(restorer.rowSource().keyedTables());
    Set<String> compared = new TreeSet<>(layout.rowKeys().keySet());
    compared.removeAll(followed);
    compared.removeAll(keyed);
    String how =
        keyed.isEmpty()
            ? "(binary log): " + (followed.isEmpty() ? "none" : String.join(", ", followed))
            : "(keys kept by dbit's triggers): " + String.join(", ", keyed);
    return "; tables restored by the rows tests changed (1,000+ rows or under a cascade) "
        + how
        + (compared.isEmpty()
            ? ""
            : "; compared with the template in full: " + String.join(", ", compared))
        + reloaded;
  }

  /**
   * How this run restores what cascades change, for the ready line: empty without cascades into
   * reference tables.
   */
  static String cascades(SchemaLayout layout, RowSource rows) {
    List<CascadingKey> keys = layout.referenceCascades();
    if (keys.isEmpty()) {
      return "";
    }
    Optional<String> releases = rows.releasesFrom();
    if (releases.isEmpty()) {
      Set<String> reached = new TreeSet<>();
      keys.forEach(k -> reached.addAll(layout.withCascades(Set.of(k.child()))));
      return "; tables cascades reach, compared with the template in full after their parent"
          + " changed (no change source shows what it released): "
          + String.join(", ", reached);
    }
    Set<String> withoutKey = new TreeSet<>();
    keys.stream()
        .filter(k -> !layout.rowKeys().containsKey(k.child()))
        .forEach(k -> withoutKey.addAll(layout.withCascades(Set.of(k.child()))));
    return "; cascades restored by the rows they took, followed through the template from the"
        + " values their parents released ("
        + releases.get()
        + ")"
        + (withoutKey.isEmpty()
            ? ""
            : ", compared with the template in full (no primary key, or under a table without"
                + " one): "
                + String.join(", ", withoutKey));
  }

  /** The run's last line: the resets on {@code copy} and the tests between them. */
  static String resetTimes(String copy, Percentiles resets, Percentiles tests) {
    return "dbit: reset before each test on "
        + copy
        + ": "
        + resets.describeMillis()
        + (tests.n() == 0
            ? ""
            : String.format(
                Locale.ROOT,
                "; the tests themselves: median %.2f ms (p10 %.2f, p90 %.2f, N=%d); reset"
                    + " median = %.0f %% of test median",
                tests.p50(),
                tests.p10(),
                tests.p90(),
                tests.n(),
                100 * resets.p50() / tests.p50()));
  }
}
