package dev.dbit;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.TestInfo;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * How many generated cases a randomized proof runs, and from which seeds.
 *
 * <p>Two tiers: the default runs one round of every work kind, so that a contributor's build
 * executes every path; {@code -Ddbit.proof=full} (Maven profile {@code proof}) runs at least
 * {@value #FULL_CASES} cases per path. Each round runs every work kind once, in an order drawn from
 * the seed, so that coverage never depends on chance and the order of kinds still varies.
 *
 * <p>Each test JVM draws a new seed base unless {@code -Ddbit.proof.seed} names one; {@code
 * -Ddbit.proof.cases} stops a replay after the case that failed (every case runs after the ones
 * before it, whose leftovers the reset had to clean).
 */
final class ProofSeeds {
  static final String TIER = "dbit.proof";
  static final String SEED = "dbit.proof.seed";
  static final String CASES = "dbit.proof.cases";

  /** Cases per path in the full tier, at least. */
  static final int FULL_CASES = 1000;

  /** Rounds of every kind in the default tier. */
  static final int QUICK_ROUNDS = 1;

  private static final long BASE = drawBase();

  private ProofSeeds() {}

  private static long drawBase() {
    String given = System.getProperty(SEED, "").trim();
    return given.isEmpty() ? new SecureRandom().nextLong() : Long.parseLong(given);
  }

  /** This JVM's seed base: printed by every proof, replayed with {@code -Ddbit.proof.seed}. */
  static long base() {
    return BASE;
  }

  static boolean full() {
    return "full".equals(System.getProperty(TIER, "quick"));
  }

  /**
   * How many cases a proof with {@code kinds} work kinds runs: whole rounds, {@value #QUICK_ROUNDS}
   * in the default tier, enough for {@value #FULL_CASES} in the full one, fewer when a replay names
   * its last case.
   */
  static int cases(int kinds) {
    return count(QUICK_ROUNDS * kinds, (FULL_CASES + kinds - 1) / kinds * kinds);
  }

  /**
   * How many cases a proof without work kinds runs: {@code quick} in the default tier, {@code full}
   * in the full one, fewer when a replay names its last case.
   */
  static int count(int quick, int full) {
    String last = System.getProperty(CASES, "").trim();
    if (!last.isEmpty()) {
      return Integer.parseInt(last);
    }
    return full() ? full : quick;
  }

  /** Case numbers 1 to {@code cases}, for a {@code @MethodSource}. */
  static IntStream numbers(int cases) {
    return IntStream.rangeClosed(1, cases);
  }

  /** The seed of case {@code number} (from 1): its random choices and nothing else. */
  static long seed(int number) {
    return mix(BASE + number);
  }

  /**
   * The work kind of case {@code number}: round r runs every kind once, in an order seeded by r.
   */
  static int kind(int number, int kinds) {
    int round = (number - 1) / kinds;
    List<Integer> order = new ArrayList<>(IntStream.range(0, kinds).boxed().toList());
    Collections.shuffle(order, new Random(mix(BASE - round - 1)));
    return order.get((number - 1) % kinds);
  }

  /** The line a proof prints before it runs. */
  static String banner(String proof, int cases) {
    String run =
        !System.getProperty(CASES, "").isBlank() ? "replay" : full() ? "full tier" : "default tier";
    return String.format("%s: %d generated cases (%s), seed base %d", proof, cases, run, BASE);
  }

  /**
   * "replay: " and one command that runs {@code test} again with the same cases, up to the first of
   * {@code failedCases}; empty when none failed.
   */
  /** Every failed test or container of a generated run, by display name, with its message. */
  static Map<String, String> failures(EngineExecutionResults results) {
    Map<String, String> failures = new TreeMap<>();
    results.allEvents().failed().stream()
        .forEach(
            event ->
                failures.put(
                    event.getTestDescriptor().getDisplayName(),
                    String.valueOf(DbitTestKit.failure(event).getMessage())));
    return failures;
  }

  /** How many of {@code messages} say a generated test started with tables that differ. */
  static long mismatches(Collection<String> messages) {
    return messages.stream().filter(m -> m.contains("tables that differ")).count();
  }

  /** The replay command for the generated cases ({@code case N}) among {@code failures}. */
  static String replay(TestInfo test, Map<String, String> failures) {
    return replay(
        test,
        failures.keySet().stream()
            .filter(name -> name.startsWith("case "))
            .map(name -> Integer.parseInt(name.substring("case ".length()))));
  }

  static String replay(TestInfo test, Stream<Integer> failedCases) {
    return failedCases
        .min(Integer::compare)
        .map(
            last ->
                String.format(
                    "replay: mvn -B test -pl junit-extension -am"
                        + " -Dsurefire.failIfNoSpecifiedTests=false -Dtest='%s#%s' -D%s=%d -D%s=%d",
                    test.getTestClass().orElseThrow().getSimpleName(),
                    test.getTestMethod().orElseThrow().getName(),
                    SEED,
                    BASE,
                    CASES,
                    last))
        .orElse("");
  }

  /** SplitMix64's finalizer: neighbouring numbers give unrelated seeds. */
  private static long mix(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
