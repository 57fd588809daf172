package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.measure.StatementTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The invariant every test's numbers hold: a server SQL time dbit reports is never above the larger
 * of the test's wall time and JDBC wait beyond the clocks' tolerance ({@link StatementTime#bound});
 * where dbit cannot establish it, it reports none ({@code n/a}).
 */
final class ServerTimeInvariant {
  private ServerTimeInvariant() {}

  /**
   * What one check found.
   *
   * @param checked tests with numbers
   * @param known among them, tests with a server SQL time
   * @param violations tests whose server SQL time breaks the invariant, described
   */
  record Counts(int checked, int known, List<String> violations) {
    @Override
    public String toString() {
      return String.format(
          "server SQL time checked in %d tests: %d known, %d unknown, %d above its bound",
          checked, known, checked - known, violations.size());
    }
  }

  /**
   * Where the server times statements, the share of tests that must get a number, among those that
   * leave no connection behind on purpose (dbit closes those, and their time goes with them): the
   * rest are tests whose last statement the server had not timed in time on a busy machine.
   */
  static final double KNOWN_WHERE_TIMED = 0.9;

  /**
   * Checks every test of {@code results} and asserts no violation; prints and returns the counts.
   */
  static Counts assertHolds(String label, EngineExecutionResults results) {
    return assertHolds(label, results, false);
  }

  /**
   * As {@link #assertHolds(String, EngineExecutionResults)}, and where {@code timed}, that at least
   * {@value #KNOWN_WHERE_TIMED} of the tests got a number.
   */
  static Counts assertHolds(String label, EngineExecutionResults results, boolean timed) {
    return assertHolds(label, results, timed, Set.of());
  }

  /**
   * As {@link #assertHolds(String, EngineExecutionResults, boolean)}, the tests named {@code
   * leaking} (display names) left out of the share that must get a number.
   */
  static Counts assertHolds(
      String label, EngineExecutionResults results, boolean timed, Set<String> leaking) {
    Map<String, Map<String, String>> byTest = new HashMap<>();
    Set<String> leaked = new HashSet<>();
    results.testEvents().reportingEntryPublished().stream()
        .forEach(
            event -> {
              String id = event.getTestDescriptor().getUniqueId().toString();
              if (leaking.contains(event.getTestDescriptor().getDisplayName())) {
                leaked.add(id);
              }
              byTest
                  .computeIfAbsent(id, key -> new HashMap<>())
                  .putAll(event.getRequiredPayload(ReportEntry.class).getKeyValuePairs());
            });
    int checked = 0;
    int known = 0;
    int sharedChecked = 0;
    int sharedKnown = 0;
    List<String> violations = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> test : byTest.entrySet()) {
      Map<String, String> entries = test.getValue();
      String server = entries.get(ReportKeys.SERVER_SQL_MS);
      if (server == null) {
        continue;
      }
      checked++;
      boolean shared = !leaked.contains(test.getKey());
      sharedChecked += shared ? 1 : 0;
      if (server.equals("n/a")) {
        continue;
      }
      known++;
      sharedKnown += shared ? 1 : 0;
      double serverMs = Double.parseDouble(server);
      double wall = Double.parseDouble(entries.get(ReportKeys.WALL_MS));
      double jdbc = Double.parseDouble(entries.get(ReportKeys.JDBC_MS));
      if (serverMs > StatementTime.bound(wall, jdbc)) {
        violations.add(
            String.format(
                "%s: server %.1f ms, wall %.1f ms, JDBC %.1f ms",
                test.getKey(), serverMs, wall, jdbc));
      }
    }
    Counts counts = new Counts(checked, known, List.copyOf(violations));
    System.out.println(label + ": " + counts);
    assertThat(violations).as(label).isEmpty();
    if (timed) {
      assertThat(sharedKnown)
          .as(
              "%s: tests with a number, among %d that leak nothing on purpose",
              label, sharedChecked)
          .isGreaterThanOrEqualTo((int) Math.ceil(KNOWN_WHERE_TIMED * sharedChecked));
    }
    return counts;
  }
}
