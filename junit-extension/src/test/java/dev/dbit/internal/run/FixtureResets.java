package dev.dbit.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.config.Timeouts;
import dev.dbit.internal.jdbc.ConnectionFactory;
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

/**
 * A benchmark scenario on a fixture of its own: rounds of tests, one of each kind in a new random
 * order each round, each followed by everything dbit does between two tests, timed; a {@code
 * cleanup-only-*} kind times instead the cleanup of exactly the rows its test changed, written with
 * the rows known beforehand (the floor). The {@code all} line pools every reset but the floors. The
 * first round checks that every reset left the fixture's tables as the template has them.
 */
abstract class FixtureResets {
  /** The run on the fixture's copy. */
  protected WorkerRun run;

  /** A connection to the copy of dbit's own, foreign key checks off, for the floors. */
  protected Connection raw;

  private final Random random;

  protected FixtureResets(long seed) {
    this.random = new Random(seed);
  }

  /** The kinds of test, floors included. */
  abstract List<String> kinds();

  /** The tables the first round compares with the template. */
  abstract List<String> checkedTables();

  /** The test of {@code kind}: its write through dbit's pool and one query; {@code row} random. */
  abstract void test(String kind, int row) throws SQLException;

  /** The floor of {@code kind} after its test with {@code row}: statements sent in one request. */
  abstract List<String> cleanupOnly(String kind, int row, String template);

  /**
   * Measures {@code n} rounds on {@code server} with the migration {@code sql} (kept in {@code
   * target/<dir>}) and prints one line per kind as {@code scenario}.
   */
  final void measure(
      DatabaseServer server,
      String dir,
      String sql,
      int n,
      String scenario,
      String at,
      ContainerStarts.Printer printer)
      throws SQLException, IOException {
    try (WorkerRun started =
            RunStarter.start(
                ResetBenchmark.fixtureConfig(dir, "V1__" + dir.replace("bench-", "") + ".sql", sql),
                server,
                getClass().getClassLoader());
        Connection connection =
            ConnectionFactory.of(server, Map.of("allowMultiQueries", "true"), Timeouts.DEFAULTS)
                .open(started.testSchema())) {
      run = started;
      raw = connection;
      try (Statement statement = raw.createStatement()) {
        statement.execute("SET SESSION foreign_key_checks = 0");
      }
      rounds(n, at).forEach((kind, values) -> printer.print(scenario, kind + at, values));
    }
  }

  private Map<String, List<Double>> rounds(int n, String at) throws SQLException {
    Map<String, List<Double>> results = new LinkedHashMap<>();
    kinds().forEach(kind -> results.put(kind, new ArrayList<>()));
    List<Double> all = new ArrayList<>();
    List<String> order = new ArrayList<>(kinds());
    Map<String, Long> template = checksums(run.template().schema());
    run.tests().begin(false);
    for (int i = 0; i < n; i++) {
      Collections.shuffle(order, random);
      for (String kind : order) {
        boolean floor = kind.startsWith("cleanup-only");
        int row = random.nextInt(1_000_000);
        test(kind, row);
        long start = System.nanoTime();
        if (floor) {
          List<String> sql = new ArrayList<>(List.of("START TRANSACTION"));
          sql.addAll(cleanupOnly(kind, row, "`" + run.template().schema() + "`."));
          sql.add("COMMIT");
          try (Statement statement = raw.createStatement()) {
            statement.execute(String.join(";\n", sql));
          }
        } else {
          run.tests().end("benchmark");
          run.tests().begin(false);
        }
        double ms = (System.nanoTime() - start) / 1e6;
        results.get(kind).add(ms);
        if (!floor) {
          all.add(ms);
        }
        if (i == 0) {
          assertThat(checksums(run.testSchema()))
              .as("the fixture after the reset that followed: " + kind + at)
              .isEqualTo(template);
        }
        if (floor) {
          run.tests().end("benchmark");
          run.tests().begin(false);
        }
      }
    }
    run.tests().end("benchmark");
    results.put("all", all);
    return results;
  }

  private Map<String, Long> checksums(String schema) throws SQLException {
    Map<String, Long> sums = new LinkedHashMap<>();
    try (Statement statement = raw.createStatement()) {
      for (String table : checkedTables()) {
        try (ResultSet rows =
            statement.executeQuery("CHECKSUM TABLE `" + schema + "`.`" + table + "` EXTENDED")) {
          rows.next();
          sums.put(table, rows.getLong(2));
        }
      }
    }
    return sums;
  }
}
