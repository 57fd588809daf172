package dev.dbit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.CascadeSchema;
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
 * The benchmark's {@code reset-cascade} scenario on {@link CascadeSchema}: everything dbit does
 * between two tests after a test that changed nothing, updated one row of the leaf ({@code note}),
 * of a child in the middle ({@code project}), or of the seeded parent without a key change ({@code
 * account}), or deleted a parent (20 projects, 200 tasks and 200 notes go or lose their task by
 * cascade); and two floors, the cleanups of the leaf update and of the parent delete written with
 * the rows known beforehand. The first round checks that every reset left the four tables as the
 * template has them.
 */
final class CascadeResets {
  private static final List<String> KINDS =
      List.of(
          "nothing",
          "leaf-update",
          "child-update",
          "parent-update",
          "parent-delete",
          "cleanup-only-leaf",
          "cleanup-only-parent-delete");

  private final DbitRun run;
  private final Connection raw;
  private final Random random = new Random(11);

  private CascadeResets(DbitRun run, Connection raw) {
    this.run = run;
    this.raw = raw;
  }

  /** Measures {@code n} rounds on {@code server} and prints one line per kind. */
  static void measure(DatabaseServer server, int n, String at, ContainerStarts.Printer printer)
      throws SQLException, IOException {
    try (DbitRun run =
            DbitRun.start(
                ResetBenchmark.fixtureConfig("bench-cascade", "V1__cascade.sql", CascadeSchema.SQL),
                server,
                CascadeResets.class.getClassLoader());
        Connection raw =
            ConnectionFactory.of(server, Map.of("allowMultiQueries", "true"), Timeouts.DEFAULTS)
                .open(run.testSchema())) {
      try (Statement statement = raw.createStatement()) {
        statement.execute("SET SESSION foreign_key_checks = 0");
      }
      Map<String, List<Double>> millis = new CascadeResets(run, raw).rounds(n, at);
      millis.forEach((kind, values) -> printer.print("reset-cascade", kind + at, values));
    }
  }

  private Map<String, List<Double>> rounds(int n, String at) throws SQLException {
    Map<String, List<Double>> results = new LinkedHashMap<>();
    KINDS.forEach(kind -> results.put(kind, new ArrayList<>()));
    List<String> order = new ArrayList<>(KINDS);
    Map<String, Long> template = checksums(run.templateSchema());
    run.beginTest(false);
    for (int i = 0; i < n; i++) {
      Collections.shuffle(order, random);
      for (String kind : order) {
        int account = 1 + random.nextInt(100);
        int row = 1 + random.nextInt(20_000);
        test(kind, account, row);
        long start = System.nanoTime();
        if (kind.startsWith("cleanup-only")) {
          cleanupOnly(kind, account, row);
        } else {
          run.endTest("benchmark");
          run.beginTest(false);
        }
        results.get(kind).add((System.nanoTime() - start) / 1e6);
        if (i == 0) {
          assertThat(checksums(run.testSchema()))
              .as("the cascade fixture after the reset that followed: " + kind + at)
              .isEqualTo(template);
        }
        if (kind.startsWith("cleanup-only")) {
          run.endTest("benchmark");
          run.beginTest(false);
        }
      }
    }
    run.endTest("benchmark");
    return results;
  }

  /** The test: its write through dbit's pool and one query, as an assertion would. */
  private void test(String kind, int account, int row) throws SQLException {
    String write =
        switch (kind) {
          case "leaf-update", "cleanup-only-leaf" ->
              "UPDATE note SET body = 'edited' WHERE id = " + row;
          case "child-update" ->
              "UPDATE project SET name = 'renamed' WHERE id = " + (1 + row % 2000);
          case "parent-update" -> "UPDATE account SET name = 'renamed' WHERE id = " + account;
          case "parent-delete", "cleanup-only-parent-delete" ->
              "DELETE FROM account WHERE id = " + account;
          default -> "";
        };
    try (Connection pooled = run.dataSource().getConnection();
        Statement statement = pooled.createStatement()) {
      if (!write.isEmpty()) {
        statement.executeUpdate(write);
      }
      try (ResultSet rows =
          statement.executeQuery("SELECT COUNT(*) FROM project WHERE account_id = " + account)) {
        rows.next();
      }
    }
  }

  /** The floor: the cleanup of exactly the rows the test changed, known beforehand. */
  private void cleanupOnly(String kind, int account, int row) throws SQLException {
    String tpl = "`" + run.templateSchema() + "`.";
    List<String> sql = new ArrayList<>(List.of("START TRANSACTION"));
    if (kind.equals("cleanup-only-leaf")) {
      sql.add("DELETE FROM note WHERE id = " + row);
      sql.add("INSERT INTO note SELECT * FROM " + tpl + "note WHERE id = " + row);
    } else {
      int firstProject = (account - 1) * CascadeSchema.PROJECTS + 1;
      int lastProject = account * CascadeSchema.PROJECTS;
      int firstTask = (firstProject - 1) * CascadeSchema.TASKS + 1;
      int lastTask = lastProject * CascadeSchema.TASKS;
      String tasks = " BETWEEN " + firstTask + " AND " + lastTask;
      sql.add("INSERT INTO account SELECT * FROM " + tpl + "account WHERE id = " + account);
      sql.add(
          "INSERT INTO project SELECT * FROM "
              + tpl
              + "project WHERE id BETWEEN "
              + firstProject
              + " AND "
              + lastProject);
      sql.add("INSERT INTO task SELECT * FROM " + tpl + "task WHERE id" + tasks);
      sql.add("DELETE FROM note WHERE id" + tasks);
      sql.add("INSERT INTO note SELECT * FROM " + tpl + "note WHERE id" + tasks);
    }
    sql.add("COMMIT");
    try (Statement statement = raw.createStatement()) {
      statement.execute(String.join(";\n", sql));
    }
  }

  private Map<String, Long> checksums(String schema) throws SQLException {
    Map<String, Long> sums = new LinkedHashMap<>();
    try (Statement statement = raw.createStatement()) {
      for (String table : CascadeSchema.TABLES) {
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
