package dev.dbit.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.internal.server.DatabaseServer;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;

/**
 * A class of {@value #TESTS} tests over a 2,000-row fixture across {@value #TABLES} tables ({@value
 * #ROWS} rows each), each test updating two rows, inserting one and deleting one, then one query,
 * as a suite moving from {@code @Transactional} has them:
 *
 * <ul>
 *   <li>{@code before-each}: the fixture written before every test under dbit, as such a suite must
 *       do without class states;
 *   <li>{@code before-all}: written once before the class's first test, which dbit keeps as the
 *       class's starting state;
 *   <li>{@code rollback}: written once and committed on a plain pool, each test in a transaction
 *       rolled back, the fixture deleted after the class (an {@code @AfterAll}), as with Spring's
 *       {@code @Transactional}.
 * </ul>
 *
 * Prints {@code class-fixture-test} (one test: its reset, writes and query, and for {@code
 * before-each} its fixture), {@code class-fixture-reset} (that reset alone, the class's first test
 * left out) and {@code class-fixture-class} (the whole class, fixture and end included). Classes of
 * the three kinds in a new random order each round. The first round checks that each dbit test
 * started from the class's state.
 */
final class ClassFixtures {
  static final int TABLES = 10;
  static final int ROWS = 200;
  static final int TESTS = 20;

  private static final String SQL =
      IntStream.range(0, TABLES)
          .mapToObj(
              i ->
                  "CREATE TABLE fx"
                      + i
                      + " (id INT AUTO_INCREMENT PRIMARY KEY, owner INT NOT NULL,"
                      + " name VARCHAR(40) NOT NULL, amount DECIMAL(10,2) NOT NULL, KEY (owner));")
          .collect(Collectors.joining("\n"));

  private final WorkerRun run;
  private final DataSource plain;
  private final Random random = new Random(11);

  /** The reset before each test but a class's first, by kind: part of the test's time. */
  private final Map<String, List<Double>> resets = new LinkedHashMap<>();

  private ClassFixtures(WorkerRun run) throws SQLException {
    this.run = run;
    this.plain = run.dataSource().unwrap(HikariDataSource.class);
  }

  static void measure(DatabaseServer server, int rounds, String at, ContainerStarts.Printer printer)
      throws SQLException, IOException {
    try (WorkerRun run =
        RunStarter.start(
            ResetBenchmark.fixtureConfig("bench-class-fixture", "V1__fixture.sql", SQL),
            server,
            ClassFixtures.class.getClassLoader())) {
      new ClassFixtures(run).rounds(rounds, at, printer);
    }
  }

  private void rounds(int rounds, String at, ContainerStarts.Printer printer) throws SQLException {
    List<String> kinds = new ArrayList<>(List.of("before-each", "before-all", "rollback"));
    Map<String, List<Double>> tests = new LinkedHashMap<>();
    Map<String, List<Double>> classes = new LinkedHashMap<>();
    resets.clear();
    kinds.forEach(k -> tests.put(k, new ArrayList<>()));
    kinds.forEach(k -> classes.put(k, new ArrayList<>()));
    for (int round = 0; round < rounds; round++) {
      Collections.shuffle(kinds, random);
      for (String kind : kinds) {
        long start = System.nanoTime();
        List<Double> perTest = oneClass(kind, round == 0);
        classes.get(kind).add((System.nanoTime() - start) / 1e6);
        tests.get(kind).addAll(perTest);
        if (kind.equals("rollback")) {
          // Not the baseline's: dbit's readers saw its writes, and the next class needs the
          // template.
          run.tests().restore();
        }
      }
    }
    tests.forEach((kind, millis) -> printer.print("class-fixture-test", kind + at, millis));
    classes.forEach((kind, millis) -> printer.print("class-fixture-class", kind + at, millis));
    resets.forEach((kind, millis) -> printer.print("class-fixture-reset", kind + at, millis));
  }

  /** One class of {@code kind}; the time of each of its tests. */
  private List<Double> oneClass(String kind, boolean check) throws SQLException {
    List<Double> millis = new ArrayList<>();
    if (kind.equals("rollback")) {
      fixture(plain);
      for (int test = 0; test < TESTS; test++) {
        long start = System.nanoTime();
        try (Connection connection = plain.getConnection()) {
          connection.setAutoCommit(false);
          test(connection, test);
          connection.rollback();
          connection.setAutoCommit(true);
        }
        millis.add((System.nanoTime() - start) / 1e6);
      }
      try (Connection connection = plain.getConnection();
          Statement statement = connection.createStatement()) {
        for (int table = 0; table < TABLES; table++) {
          statement.executeUpdate("DELETE FROM fx" + table);
        }
      }
      return millis;
    }
    boolean once = kind.equals("before-all");
    run.tests().enterClass(false);
    if (once) {
      fixture(run.dataSource());
    }
    Map<String, Long> state = null;
    for (int test = 0; test < TESTS; test++) {
      long start = System.nanoTime();
      double reset = run.tests().begin(false);
      if (test > 0) {
        resets.computeIfAbsent(kind, k -> new ArrayList<>()).add(reset);
      }
      if (!once) {
        fixture(run.dataSource());
      }
      if (check && once && test < 2) {
        state = checked(state);
      }
      try (Connection connection = run.dataSource().getConnection()) {
        test(connection, test);
      }
      run.tests().end("benchmark");
      millis.add((System.nanoTime() - start) / 1e6);
    }
    run.tests().leaveClass();
    return millis;
  }

  /** The fixture's checksums now; the same as {@code first} when given. */
  private Map<String, Long> checked(Map<String, Long> first) throws SQLException {
    Map<String, Long> sums = new LinkedHashMap<>();
    try (Connection connection = plain.getConnection();
        Statement statement = connection.createStatement()) {
      for (int table = 0; table < TABLES; table++) {
        try (ResultSet rows = statement.executeQuery("CHECKSUM TABLE fx" + table)) {
          rows.next();
          sums.put("fx" + table, rows.getLong(2));
        }
      }
    }
    if (first != null) {
      assertThat(sums).as("the second test starts from the first one's state").isEqualTo(first);
    }
    return sums;
  }

  /** {@value #ROWS} rows in each table, one statement per table. */
  private static void fixture(DataSource dataSource) throws SQLException {
    String values =
        IntStream.range(0, ROWS)
            .mapToObj(i -> "(" + i % 20 + ", 'row " + i + "', " + i + ".50)")
            .collect(Collectors.joining(", "));
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      for (int table = 0; table < TABLES; table++) {
        statement.executeUpdate(
            "INSERT INTO fx" + table + " (owner, name, amount) VALUES " + values);
      }
    }
  }

  /** Two rows updated, one inserted, one deleted, one query. */
  private static void test(Connection connection, int test) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.executeUpdate(
          "UPDATE fx" + test % TABLES + " SET amount = amount + 1 ORDER BY id LIMIT 2");
      statement.executeUpdate(
          "INSERT INTO fx" + (test + 1) % TABLES + " (owner, name, amount) VALUES (99, 'new', 1)");
      statement.executeUpdate("DELETE FROM fx" + (test + 2) % TABLES + " ORDER BY id DESC LIMIT 1");
      try (ResultSet rows =
          statement.executeQuery("SELECT COUNT(*) FROM fx" + test % TABLES + " WHERE owner = 3")) {
        rows.next();
      }
    }
  }
}
