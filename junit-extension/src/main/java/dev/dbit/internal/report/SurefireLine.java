package dev.dbit.internal.report;

import java.io.PrintStream;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One structured line per test on standard output, so the metrics land in the test case's {@code
 * <system-out>} in Surefire's {@code TEST-*.xml}.
 *
 * <p>Why standard output: Surefire's JUnit Platform adapter drops report entries entirely
 * (junit-framework #1161, Surefire 3.5.6 and 3.6.1 checked), and a test's output is the one channel
 * Surefire attributes to the right {@code <testcase>}, with any {@code forkCount}.
 */
public final class SurefireLine {
  /** Every line starts with this, so tools can find it. */
  public static final String PREFIX = "[dbit] ";

  private SurefireLine() {}

  /** {@code [dbit] key=value key="value with spaces" ...} */
  public static String format(Map<String, String> entries) {
    return PREFIX
        + entries.entrySet().stream()
            .map(e -> e.getKey() + "=" + quoteIfNeeded(e.getValue()))
            .collect(Collectors.joining(" "));
  }

  public static void print(PrintStream out, Map<String, String> entries) {
    out.println(format(entries));
  }

  private static String quoteIfNeeded(String value) {
    return value.matches("[A-Za-z0-9_.:/+-]+")
        ? value
        : "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
