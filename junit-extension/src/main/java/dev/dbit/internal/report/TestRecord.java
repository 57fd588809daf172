package dev.dbit.internal.report;

import dev.dbit.ReportKeys;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/** What the run report knows about one test: its name, outcome and dbit's entries. */
final class TestRecord {
  final String className;
  final String name;
  final Map<String, String> entries = new LinkedHashMap<>();
  String status = "UNKNOWN";

  TestRecord(String className, String name) {
    this.className = className;
    this.name = name;
  }

  boolean measured() {
    return entries.containsKey(ReportKeys.WALL_MS);
  }

  double number(String key) {
    return numberOrEmpty(key).orElse(0);
  }

  OptionalDouble numberOrEmpty(String key) {
    try {
      return OptionalDouble.of(Double.parseDouble(entries.getOrDefault(key, "")));
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  boolean stalled() {
    return entries.getOrDefault(ReportKeys.VERDICT, "").startsWith("transport stall");
  }

  String simpleName() {
    return className.substring(className.lastIndexOf('.') + 1).replace('$', '.') + "." + name;
  }
}
