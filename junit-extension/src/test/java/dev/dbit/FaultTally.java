package dev.dbit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What came of a series of faulty runs, per path and kind of loss: recovered, failed clearly, dirty
 * starts, unclear failures and hangs, each finding with the request that caused it.
 */
final class FaultTally {
  int injected;
  int recovered;
  int clear;
  int dirty;
  int unclear;
  int hangs;
  int nextRuns;
  int nextGreen;
  final TreeSet<String> messages = new TreeSet<>();
  final List<String> findings = new ArrayList<>();

  /** Per kind of request: R recovered, C failed clearly, D dirty start, U unclear, H hang. */
  final Map<String, String> byKind = new java.util.TreeMap<>();

  void add(int k, String kind, FaultRun outcome) {
    injected++;
    byKind.merge(
        kind,
        outcome.green()
            ? "R"
            : outcome.hung() ? "H" : outcome.dirty() ? "D" : outcome.clear() ? "C" : "U",
        String::concat);
    if (outcome.green()) {
      recovered++;
      return;
    }
    if (outcome.hung()) {
      hangs++;
      findings.add("request " + k + ": the run hung");
    } else if (outcome.dirty()) {
      dirty++;
      findings.add("request " + k + ": a test started dirty: " + outcome.failures());
    } else if (outcome.clear()) {
      clear++;
    } else {
      unclear++;
      findings.add("request " + k + ": a failure that is not dbit's: " + outcome.failures());
    }
    outcome.failures().forEach(f -> messages.add(f.replaceAll("\\d+", "N")));
  }
}
