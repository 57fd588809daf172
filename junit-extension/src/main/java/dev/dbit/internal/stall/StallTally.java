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
 * The tests of one scope (a class, or the whole run) that ran too few statements to be judged on
 * their own, added up so that the stall guard can judge them together with the rules it applies to
 * one test.
 *
 * <p>Only tests that show the stall signature on their own, but for their count, are summed (
 * {@link StallModel#signature}): a test explained by its own numbers (server time, sleeps, CPU, a
 * Spring context starting) neither dilutes nor inflates the others, and tests without SQL are left
 * out. Thread-safe: parallel classes add to the run's tally.
 */
public final class StallTally {
  private final String scope;
  private final List<String> names = new ArrayList<>();
  private final Map<String, Integer> classes = new LinkedHashMap<>();
  private int smallTests;
  private long smallStatements;
  private double wallMillis;
  private double cpuMillis;
  private long statements;
  private double jdbcMillis;
  private double serverSqlMillis;
  private boolean serverSqlKnown = true;
  private long questions;
  private boolean questionsKnown = true;

  /**
   * @param scope what the tests share, for messages: "the 30 small tests of {scope}"
   */
  public StallTally(String scope) {
    this.scope = scope;
  }

  public String scope() {
    return scope;
  }

  /**
   * Adds one small test of {@code testClass}: counted when it ran SQL, summed when it also shows
   * the signature alone.
   */
  public synchronized void add(
      String testClass, String test, TestMetrics metrics, boolean signature) {
    if (metrics.statements() == 0) {
      return;
    }
    smallTests++;
    smallStatements += metrics.statements();
    if (!signature) {
      return;
    }
    names.add(test);
    classes.merge(testClass, 1, Integer::sum);
    wallMillis += metrics.wallMillis();
    cpuMillis += metrics.cpuMillis();
    statements += metrics.statements();
    jdbcMillis += metrics.jdbcMillis();
    serverSqlKnown &= metrics.serverSqlMillis().isPresent();
    serverSqlMillis += metrics.serverSqlMillis().orElse(0);
    questionsKnown &= metrics.questions().isPresent();
    questions += metrics.questions().orElse(0);
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

  /** Small tests with SQL added so far, with the signature or without. */
  public synchronized int smallTests() {
    return smallTests;
  }

  /** Statements of every small test added so far. */
  public synchronized long smallStatements() {
    return smallStatements;
  }

  /**
   * The sum of the numbers of the tests that showed the signature alone, as if they were one test;
   * server numbers when all of them had them.
   */
  public synchronized TestMetrics total() {
    return MeasuredTest.of(
        wallMillis,
        cpuMillis,
        statements,
        jdbcMillis,
        serverSqlKnown ? OptionalDouble.of(serverSqlMillis) : OptionalDouble.empty(),
        questionsKnown ? OptionalLong.of(questions) : OptionalLong.empty());
  }
}
