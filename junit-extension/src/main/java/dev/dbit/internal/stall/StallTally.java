package dev.dbit.internal.stall;

import dev.dbit.TestMetrics;
import dev.dbit.internal.measure.MeasuredTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The small tests of one scope (a class, or the run), summed to be judged as one test: those that
 * show the stall signature alone but for their count ({@link StallModel#signature}), so that a test
 * explained by its own numbers neither dilutes nor inflates them; and every one with SQL, for a
 * scope that mostly shows the signature but too little of it. Thread-safe (parallel classes).
 */
public final class StallTally {
  private static final TestMetrics NONE =
      MeasuredTest.of(0, 0, 0, 0, OptionalDouble.of(0), OptionalLong.of(0));

  private final String scope;
  private final List<String> names = new ArrayList<>();
  private final Map<String, Integer> classes = new LinkedHashMap<>();
  private int smallTests;
  private TestMetrics withSignature = NONE;
  private TestMetrics every = NONE;

  /** {@code scope}: what the tests share, for messages ("the 30 small tests of {scope}"). */
  public StallTally(String scope) {
    this.scope = scope;
  }

  public String scope() {
    return scope;
  }

  /**
   * Adds one small test of {@code testClass}: counted when it ran SQL, summed apart too when it
   * also shows the signature alone.
   */
  public synchronized void add(
      String testClass, String test, TestMetrics metrics, boolean signature) {
    if (metrics.statements() == 0) {
      return;
    }
    smallTests++;
    every = plus(every, metrics);
    if (signature) {
      names.add(test);
      classes.merge(testClass, 1, Integer::sum);
      withSignature = plus(withSignature, metrics);
    }
  }

  /** Two tests' numbers as one test's; a server number only where both have it. */
  private static TestMetrics plus(TestMetrics a, TestMetrics b) {
    return MeasuredTest.of(
        a.wallMillis() + b.wallMillis(),
        a.cpuMillis() + b.cpuMillis(),
        a.statements() + b.statements(),
        a.jdbcMillis() + b.jdbcMillis(),
        a.serverSqlMillis().isPresent() && b.serverSqlMillis().isPresent()
            ? OptionalDouble.of(
                a.serverSqlMillis().getAsDouble() + b.serverSqlMillis().getAsDouble())
            : OptionalDouble.empty(),
        a.questions().isPresent() && b.questions().isPresent()
            ? OptionalLong.of(a.questions().getAsLong() + b.questions().getAsLong())
            : OptionalLong.empty());
  }

  /** The tests that showed the signature alone, in the order they ran. */
  public synchronized List<String> tests() {
    return List.copyOf(names);
  }

  /** The classes of the tests that showed the signature alone, with how many each. */
  public synchronized Map<String, Integer> classes() {
    return Map.copyOf(classes);
  }

  /** Whether a test of {@code testClass} showed the signature alone. */
  public synchronized boolean hasSignatureFrom(String testClass) {
    return classes.containsKey(testClass);
  }

  /** Small tests with SQL so far. */
  public synchronized int smallTests() {
    return smallTests;
  }

  /** Statements of every small test added so far. */
  public synchronized long smallStatements() {
    return every.statements();
  }

  /** The tests that showed the signature alone, summed as if they were one test. */
  public synchronized TestMetrics total() {
    return withSignature;
  }

  /** The sum of every small test's numbers, as if they were one test. */
  public synchronized TestMetrics everyTest() {
    return every;
  }
}
