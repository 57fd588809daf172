package dev.dbit.internal.report;

import dev.dbit.ReportKeys;
import dev.dbit.internal.shape.ShapeLines;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/** One fork's results: the JSON file and the summary printed at the end of the run. */
final class RunReport {
  static final int SLOWEST = 10;

  private final String fork;
  private final Map<String, String> runEntries;
  private final Map<String, String> classVerdicts;
  private final List<TestRecord> tests;
  private final int testsRun;

  /**
   * @param testsRun the tests JUnit ran or skipped in dbit's classes, counted as Surefire counts
   *     them (every dynamic test, every invocation)
   * @param classVerdicts by class, the verdict on its small tests judged together
   */
  RunReport(
      String fork,
      Map<String, String> runEntries,
      Map<String, String> classVerdicts,
      List<TestRecord> tests,
      int testsRun) {
    this.fork = fork;
    this.runEntries = runEntries;
    this.classVerdicts = classVerdicts;
    this.tests = tests.stream().filter(TestRecord::measured).collect(Collectors.toList());
    this.testsRun = Math.max(testsRun, this.tests.size());
  }

  /** True when no test of a dbit class ran: nothing to report. */
  boolean isEmpty() {
    return testsRun == 0;
  }

  Percentiles resetTimes() {
    return Percentiles.of(numbers(ReportKeys.RESET_MS));
  }

  Percentiles wallTimes() {
    return Percentiles.of(numbers(ReportKeys.WALL_MS));
  }

  private List<Double> numbers(String key) {
    List<Double> values = new ArrayList<>();
    for (TestRecord test : tests) {
      test.numberOrEmpty(key).ifPresent(values::add);
    }
    return values;
  }

  String summary(String reportPath, String jsonPath) {
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            Locale.ROOT,
            "dbit run summary (fork %s): %d tests on %s%n",
            fork,
            testsRun,
            runEntries.getOrDefault(ReportKeys.SERVER, "?")));
    appendRunStall(text);
    if (testsRun > tests.size()) {
      text.append(
          String.format(
              Locale.ROOT,
              "  measured: %d of them; the others were skipped, had their reset fail, or are dynamic"
                  + " tests sharing their factory's measurement (@ResetEachDynamicTest gives each"
                  + " its own)%n",
              tests.size()));
    }
    text.append("  server ")
        .append(runEntries.getOrDefault(ReportKeys.SERVER_VERSION, "?"))
        .append(": ")
        .append(runEntries.getOrDefault(ReportKeys.SERVER_SETTINGS, "?"))
        .append(System.lineSeparator());
    String warnings = runEntries.getOrDefault(ReportKeys.SERVER_WARNINGS, "none");
    if (!"none".equals(warnings)) {
      for (String warning : warnings.split(" \\| ")) {
        text.append("  WARNING: ").append(warning).append(System.lineSeparator());
      }
    }
    text.append("  reset before each test: ")
        .append(resetTimes().describeMillis())
        .append(System.lineSeparator());
    text.append("  test method wall time: ")
        .append(wallTimes().describeMillis())
        .append(System.lineSeparator());
    text.append("  slowest tests (wall, server SQL share, statements):")
        .append(System.lineSeparator());
    tests.stream()
        .sorted(
            Comparator.comparingDouble((TestRecord t) -> t.number(ReportKeys.WALL_MS)).reversed())
        .limit(SLOWEST)
        .forEach(
            t ->
                text.append(
                    String.format(
                        Locale.ROOT,
                        "    %9.1f ms  SQL %6s  %5d stmts  %s%n",
                        t.number(ReportKeys.WALL_MS),
                        sqlShare(t),
                        (long) t.number(ReportKeys.STATEMENTS),
                        t.simpleName())));
    appendStalls(text);
    text.append("  report: ").append(reportPath).append(", data: ").append(jsonPath);
    return text.toString();
  }

  /** The run-level finding first: small tests that stall only together are easy to miss. */
  private void appendRunStall(StringBuilder text) {
    String runStall = runEntries.get(ReportKeys.VERDICT_RUN);
    if (runStall != null) {
      text.append("  TRANSPORT STALL across this run's small tests:")
          .append(System.lineSeparator());
      for (String line : runStall.split("\n")) {
        text.append("    ").append(line).append(System.lineSeparator());
      }
    }
  }

  /** Tests that stalled alone, then classes whose small tests stalled together. */
  private void appendStalls(StringBuilder text) {
    List<TestRecord> stalls =
        tests.stream().filter(TestRecord::stalled).collect(Collectors.toList());
    long classes = classVerdicts.values().stream().filter(v -> v.startsWith("transport")).count();
    boolean run = runEntries.containsKey(ReportKeys.VERDICT_RUN);
    text.append(
        String.format(
            Locale.ROOT,
            "  transport stalls: %d (%d of %d tests judged alone, %d of %d classes on their small"
                + " tests, %s)%n",
            stalls.size() + classes + (run ? 1 : 0),
            stalls.size(),
            tests.size(),
            classes,
            classVerdicts.size(),
            run ? "and the run's small tests together" : "none across the run"));
    for (TestRecord stall : stalls) {
      text.append("    ")
          .append(stall.simpleName())
          .append(": ")
          .append(stall.entries.get(ReportKeys.VERDICT))
          .append(System.lineSeparator());
    }
    classVerdicts.forEach(
        (className, verdict) -> {
          if (verdict.startsWith("transport stall")) {
            text.append("    small tests of ")
                .append(className)
                .append(": ")
                .append(verdict)
                .append(System.lineSeparator());
          }
        });
  }

  static String sqlShare(TestRecord test) {
    OptionalDouble sql = test.numberOrEmpty(ReportKeys.SERVER_SQL_MS);
    double wall = test.number(ReportKeys.WALL_MS);
    return sql.isPresent() && wall > 0
        ? String.format(Locale.ROOT, "%.1f%%", 100 * sql.getAsDouble() / wall)
        : "n/a";
  }

  String json() {
    StringBuilder json = new StringBuilder("{\n");
    json.append("  \"fork\": ").append(Json.string(fork)).append(",\n");
    json.append("  \"run\": ").append(jsonObject(runEntries)).append(",\n");
    json.append("  \"classes\": ").append(jsonObject(classVerdicts)).append(",\n");
    json.append("  \"reset\": ").append(percentilesJson(resetTimes())).append(",\n");
    json.append("  \"wall\": ").append(percentilesJson(wallTimes())).append(",\n");
    json.append("  \"tests\": [\n");
    for (int i = 0; i < tests.size(); i++) {
      json.append("    ")
          .append(testJson(tests.get(i)))
          .append(i + 1 < tests.size() ? ",\n" : "\n");
    }
    json.append("  ]\n}\n");
    return json.toString();
  }

  private static String testJson(TestRecord t) {
    return new StringBuilder("{\"class\": ")
        .append(Json.string(t.className))
        .append(", \"name\": ")
        .append(Json.string(t.name))
        .append(", \"status\": ")
        .append(Json.string(t.status))
        .append(", \"wallMs\": ")
        .append(Json.number(t.numberOrEmpty(ReportKeys.WALL_MS)))
        .append(", \"cpuMs\": ")
        .append(Json.number(t.numberOrEmpty(ReportKeys.CPU_MS)))
        .append(", \"jdbcMs\": ")
        .append(Json.number(t.numberOrEmpty(ReportKeys.JDBC_MS)))
        .append(", \"serverSqlMs\": ")
        .append(Json.number(t.numberOrEmpty(ReportKeys.SERVER_SQL_MS)))
        .append(", \"statements\": ")
        .append(Json.number(t.numberOrEmpty(ReportKeys.STATEMENTS)))
        .append(", \"questions\": ")
        .append(Json.number(t.numberOrEmpty(ReportKeys.QUESTIONS)))
        .append(", \"resetMs\": ")
        .append(Json.number(t.numberOrEmpty(ReportKeys.RESET_MS)))
        .append(", \"stall\": ")
        .append(t.stalled())
        .append(", \"verdict\": ")
        .append(Json.string(t.entries.getOrDefault(ReportKeys.VERDICT, "")))
        .append(", \"kinds\": ")
        .append(kindsJson(t.entries.getOrDefault(ReportKeys.STATEMENT_KINDS, "")))
        .append(", \"shapes\": ")
        .append(shapesJson(t.entries.getOrDefault(ReportKeys.SHAPES, "")))
        .append(", \"nPlusOne\": ")
        .append(
            t.entries.containsKey(ReportKeys.N_PLUS_ONE)
                ? Json.string(t.entries.get(ReportKeys.N_PLUS_ONE))
                : "null")
        .append("}")
        .toString();
  }

  /** {@code select=2 insert=1 ...} as a JSON object of numbers. */
  private static String kindsJson(String kinds) {
    return Arrays.stream(kinds.split(" "))
        .filter(pair -> pair.matches("[a-z]+=[0-9]+"))
        .map(
            pair ->
                Json.string(pair.substring(0, pair.indexOf('=')))
                    + ": "
                    + pair.substring(pair.indexOf('=') + 1))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String shapesJson(String entry) {
    return ShapeLines.parse(entry).stream()
        .map(
            s ->
                String.format(
                    Locale.ROOT,
                    "{\"sql\": %s, \"kind\": %s, \"count\": %d, \"distinctValues\": %d, \"jdbcMs\": %.3f}",
                    Json.string(s.sql()),
                    Json.string(s.kind().name().toLowerCase(Locale.ROOT)),
                    s.count(),
                    s.distinctValues(),
                    s.jdbcMillis()))
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String jsonObject(Map<String, String> entries) {
    return entries.entrySet().stream()
        .map(e -> Json.string(e.getKey()) + ": " + Json.string(e.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String percentilesJson(Percentiles p) {
    return String.format(
        Locale.ROOT,
        "{\"n\": %d, \"p10\": %.3f, \"p50\": %.3f, \"p90\": %.3f}",
        p.n(),
        p.p10(),
        p.p50(),
        p.p90());
  }
}
