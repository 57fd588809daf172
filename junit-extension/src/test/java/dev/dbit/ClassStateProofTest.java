package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The randomized proof of class starting states on {@link SeededSchemaProofTest}'s schema (a large
 * blob table, triggers of every kind, cascades three levels deep, a table without a primary key, a
 * table created again): generated classes, each a class fixture of {@value #SETUP} random works in
 * its {@code @BeforeAll} (the seeded proof's kinds: cascades, {@code TRUNCATE}, trigger writes,
 * other connections), then {@value #TESTS} tests that each first compare every table with the state
 * the setup left, then do a random work. Each class's setup first checks that every table equals
 * the template: the class before it went back to it. The paths on the machine's MariaDB are {@link
 * ClassStateProofOnExternalTest}'s, so that the proof tier's JVMs share the work.
 */
@Tag("proof")
class ClassStateProofTest {
  static final int SETUP = 2;
  static final int TESTS = 8;

  /** One line per comparison that failed. */
  static final List<String> MISMATCHES = new CopyOnWriteArrayList<>();

  static final AtomicInteger COMPARED = new AtomicInteger();

  @TempDir Path dir;

  @Test
  void embeddedMariaDb(TestInfo test) throws Exception {
    prove(
        test, "embedded MariaDB, binary log", Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  @Test
  void embeddedMySql(TestInfo test) throws Exception {
    prove(test, "embedded MySQL, binary log", EmbeddedMySqlTest.MYSQL);
  }

  /** MariaDB's table statistics where dbit cannot follow the log (statement format). */
  @Test
  void embeddedMariaDbWithUserStatistics(TestInfo test) throws Exception {
    try (dev.dbit.internal.server.EmbeddedMariaDb server =
        dev.dbit.internal.server.EmbeddedMariaDb.start(
            Path.of(System.getProperty("user.home"), ".cache", "dbit"))) {
      String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED";
      RootSql.execute(url, "SET GLOBAL userstat = 1", "SET GLOBAL binlog_format = 'STATEMENT'");
      try {
        prove(
            test,
            "embedded MariaDB, userstat (no row-based log)",
            Map.of("dbit.provider", "external", "dbit.url", url));
      } finally {
        RootSql.execute(url, "SET GLOBAL userstat = 0", "SET GLOBAL binlog_format = 'ROW'");
      }
    }
  }

  /**
   * Generated classes: one per {@value #TESTS} generated tests, run {@value #PER_RUN} at a time.
   */
  static int classes() {
    int classes = (ProofSeeds.cases(SeededSchemaProofTest.KINDS) + TESTS - 1) / TESTS;
    return (classes + PER_RUN - 1) / PER_RUN * PER_RUN;
  }

  /** The generated classes of one run: each draws its number when it starts. */
  static final int PER_RUN = 6;

  private void prove(TestInfo test, String path, Map<String, String> server) throws Exception {
    prove(dir, test, path, server);
  }

  /** Runs the generated classes on {@code server}, migrations written to {@code dir}. */
  static void prove(Path dir, TestInfo test, String path, Map<String, String> server)
      throws Exception {
    Map<String, String> config = new HashMap<>(server);
    config.put(
        "dbit.migrations",
        Migrations.write(dir, Map.of("V1__shop.sql", SeededSchemaProofTest.SCHEMA)));
    config.put("junit.jupiter.testclass.order.default", ClassOrderer.ClassName.class.getName());
    MISMATCHES.clear();
    COMPARED.set(0);
    NEXT.set(0);
    REFUSED.set(0);
    int classes = classes();
    System.out.println(ProofSeeds.banner("class state proof (" + path + ")", classes * TESTS));
    long tests = 0;
    Map<String, String> failures = new HashMap<>();
    long failedClasses = 0;
    for (int run = 0; run < classes / PER_RUN; run++) {
      EngineExecutionResults results =
          DbitTestKit.run(config, C0.class, C1.class, C2.class, C3.class, C4.class, C5.class);
      tests += results.testEvents().succeeded().count();
      failures.putAll(ProofSeeds.failures(results));
      failedClasses += results.containerEvents().failed().count();
    }
    System.out.printf(
        "class state proof (%s): %d generated classes, %d tests passed, %d states compared, %d"
            + " mismatches (%d works refused by a class's rows)%n",
        path, classes, tests, COMPARED.get(), MISMATCHES.size(), REFUSED.get());
    MISMATCHES.stream().limit(5).forEach(line -> System.out.println("  " + line));
    assertThat(failures).as(ProofSeeds.replay(test, failures)).isEmpty();
    assertThat(failedClasses).isZero();
    assertThat(MISMATCHES).isEmpty();
    assertThat(tests).isEqualTo((long) classes * TESTS);
    assertThat(COMPARED.get()).isEqualTo(classes * (TESTS + 1));
  }

  /** The number the next generated class draws. */
  static final AtomicInteger NEXT = new AtomicInteger();

  /** Each generated class's number and the state its setup left, by class. */
  static final Map<Class<?>, Integer> NUMBERS = new ConcurrentHashMap<>();

  static final Map<Class<?>, Map<String, String>> STATES = new ConcurrentHashMap<>();

  /** A generated class: its number drawn at its start, its setup and tests from that number. */
  @DbIntegrationTest
  abstract static class GeneratedClass {
    @BeforeAll
    static void setUp(DataSource pool, TestDatabase database, TestInfo info) throws SQLException {
      Class<?> generated = info.getTestClass().orElseThrow();
      int number = NEXT.getAndIncrement();
      NUMBERS.put(generated, number);
      COMPARED.incrementAndGet();
      List<String> differing = TableStates.differences(database);
      if (!differing.isEmpty()) {
        MISMATCHES.add("class " + number + " did not start from the template: " + differing);
      }
      for (int work = 0; work < SETUP; work++) {
        work(caseNumber(number, TESTS + work), pool, database);
      }
      STATES.put(generated, TableStates.now(database));
    }

    @ParameterizedTest(name = "test {0}")
    @MethodSource("dev.dbit.ClassStateProofTest#testNumbers")
    void startsFromTheClassState(int test, DataSource pool, TestDatabase database)
        throws SQLException {
      int number = NUMBERS.get(getClass());
      Map<String, String> state = STATES.get(getClass());
      COMPARED.incrementAndGet();
      java.util.Set<String> differing = TableStates.differingFrom(state, database);
      if (!differing.isEmpty()) {
        MISMATCHES.add(
            "class "
                + number
                + " test "
                + test
                + ": "
                + differing
                + " (setup kinds "
                + ProofSeeds.kind(caseNumber(number, TESTS), SeededSchemaProofTest.KINDS)
                + ", "
                + ProofSeeds.kind(caseNumber(number, TESTS + 1), SeededSchemaProofTest.KINDS)
                + "; test kinds before "
                + IntStream.range(0, test)
                    .mapToObj(
                        t ->
                            ""
                                + ProofSeeds.kind(
                                    caseNumber(number, t), SeededSchemaProofTest.KINDS))
                    .toList()
                + ")");
      }
      work(caseNumber(number, test), pool, database);
    }
  }

  /** Works a class's state refuses (a row its setup deleted, a key it took). */
  static final AtomicInteger REFUSED = new AtomicInteger();

  /**
   * The seeded proof's work of case {@code number}; one the class's state refuses by a key (the
   * setup deleted the row it names, or took its key) is counted, not failed: it wrote nothing.
   */
  private static void work(int number, DataSource pool, TestDatabase database) throws SQLException {
    try {
      SeededSchemaProofTest.work(number, pool, database);
    } catch (java.sql.SQLIntegrityConstraintViolationException e) {
      REFUSED.incrementAndGet();
    }
  }

  static class C0 extends GeneratedClass {}

  static class C1 extends GeneratedClass {}

  static class C2 extends GeneratedClass {}

  static class C3 extends GeneratedClass {}

  static class C4 extends GeneratedClass {}

  static class C5 extends GeneratedClass {}

  static IntStream testNumbers() {
    return IntStream.range(0, TESTS);
  }

  /** The seeded proof's case number of work {@code work} in class {@code at}. */
  private static int caseNumber(int at, int work) {
    return at * (TESTS + SETUP) + work + 1;
  }
}
