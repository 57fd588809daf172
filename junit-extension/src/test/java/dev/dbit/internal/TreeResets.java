package dev.dbit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.TreeSchema;
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
 * The benchmark's {@code reset-tree} lines on {@link TreeSchema}: everything dbit does between two
 * tests after one-row writes in and outside the cascades (a non-key update of a tree node, of a
 * plain table, of a large table), after deletes that cascade (a tree node with three levels under
 * it, a team in the cycle, a division five levels above the chain's end), after a key update whose
 * cascade rewrites a column a further key refers to, and the floors: the cleanups of the plain
 * update, the node update, the tree delete and the cycle delete, written with the rows known
 * beforehand. The {@code all} line pools every reset of the rounds. The first round checks that
 * every reset left the cascade tables as the template has them.
 */
final class TreeResets {
  private static final List<String> KINDS =
      List.of(
          "nothing",
          "plain-update",
          "large-update",
          "node-update",
          "node-delete",
          "cycle-delete",
          "chain-delete",
          "key-update",
          "cleanup-only-plain",
          "cleanup-only-node-update",
          "cleanup-only-node-delete",
          "cleanup-only-cycle-delete");

  private static final List<String> CHECKED =
      List.of(
          "category",
          "product",
          "review",
          "folder",
          "team",
          "member",
          "org",
          "division",
          "department",
          "unit",
          "squad",
          "seat",
          "sku",
          "variant",
          "variant_price",
          "plain_050");

  private final DbitRun run;
  private final Connection raw;
  private final Random random = new Random(13);

  private TreeResets(DbitRun run, Connection raw) {
    this.run = run;
    this.raw = raw;
  }

  /** Measures {@code n} rounds on {@code server} and prints one line per kind. */
  static void measure(DatabaseServer server, int n, String at, ContainerStarts.Printer printer)
      throws SQLException, IOException {
    try (DbitRun run =
            DbitRun.start(
                ResetBenchmark.fixtureConfig("bench-tree", "V1__tree.sql", TreeSchema.SQL),
                server,
                TreeResets.class.getClassLoader());
        Connection raw =
            ConnectionFactory.of(server, Map.of("allowMultiQueries", "true"), Timeouts.DEFAULTS)
                .open(run.testSchema())) {
      try (Statement statement = raw.createStatement()) {
        statement.execute("SET SESSION foreign_key_checks = 0");
      }
      Map<String, List<Double>> millis = new TreeResets(run, raw).rounds(n, at);
      millis.forEach((kind, values) -> printer.print("reset-tree", kind + at, values));
    }
  }

  private Map<String, List<Double>> rounds(int n, String at) throws SQLException {
    Map<String, List<Double>> results = new LinkedHashMap<>();
    KINDS.forEach(kind -> results.put(kind, new ArrayList<>()));
    List<Double> all = new ArrayList<>();
    List<String> order = new ArrayList<>(KINDS);
    Map<String, Long> template = checksums(run.templateSchema());
    run.beginTest(false);
    for (int i = 0; i < n; i++) {
      Collections.shuffle(order, random);
      for (String kind : order) {
        int row = random.nextInt(1_000_000);
        test(kind, row);
        long start = System.nanoTime();
        if (kind.startsWith("cleanup-only")) {
          cleanupOnly(kind, row);
        } else {
          run.endTest("benchmark");
          run.beginTest(false);
        }
        double ms = (System.nanoTime() - start) / 1e6;
        results.get(kind).add(ms);
        if (!kind.startsWith("cleanup-only")) {
          all.add(ms);
        }
        if (i == 0) {
          assertThat(checksums(run.testSchema()))
              .as("the tree fixture after the reset that followed: " + kind + at)
              .isEqualTo(template);
        }
        if (kind.startsWith("cleanup-only")) {
          run.endTest("benchmark");
          run.beginTest(false);
        }
      }
    }
    run.endTest("benchmark");
    results.put("all", all);
    return results;
  }

  /** A category on the third level: three levels of 39 categories under it. */
  private static int nodeWithThreeLevelsUnder(int row) {
    return 5 + row % 9;
  }

  /** The test: its write through dbit's pool and one query, as an assertion would. */
  private void test(String kind, int row) throws SQLException {
    String write =
        switch (kind) {
          case "plain-update", "cleanup-only-plain" ->
              "UPDATE plain_050 SET label = 'edited' WHERE id = " + (1 + row % 200);
          case "large-update" -> "UPDATE seat SET label = 'edited' WHERE id = " + (1 + row % 1200);
          case "node-update", "cleanup-only-node-update" ->
              "UPDATE category SET name = 'renamed' WHERE id = "
                  + (1 + row % TreeSchema.CATEGORIES);
          case "node-delete", "cleanup-only-node-delete" ->
              "DELETE FROM category WHERE id = " + nodeWithThreeLevelsUnder(row);
          case "cycle-delete", "cleanup-only-cycle-delete" ->
              "DELETE FROM team WHERE id = " + (1 + row % 100);
          case "chain-delete" -> "DELETE FROM division WHERE id = " + (1 + row % 20);
          case "key-update" ->
              "UPDATE sku SET code = CONCAT(code, 'x') WHERE code = 'S" + (1 + row % 200) + "'";
          default -> "";
        };
    try (Connection pooled = run.dataSource().getConnection();
        Statement statement = pooled.createStatement()) {
      if (!write.isEmpty()) {
        statement.executeUpdate(write);
      }
      try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM category")) {
        rows.next();
      }
    }
  }

  /** The floor: the cleanup of exactly the rows the test changed, known beforehand. */
  private void cleanupOnly(String kind, int row) throws SQLException {
    String tpl = "`" + run.templateSchema() + "`.";
    List<String> sql = new ArrayList<>(List.of("START TRANSACTION"));
    switch (kind) {
      case "cleanup-only-plain" -> restoreRows(sql, "plain_050", List.of(1 + row % 200));
      case "cleanup-only-node-update" ->
          restoreRows(sql, "category", List.of(1 + row % TreeSchema.CATEGORIES));
      case "cleanup-only-cycle-delete" -> {
        int team = 1 + row % 100;
        List<Integer> members = List.of(team, team + 100, team + 200, team + 300);
        // The teams those members led lost their lead (SET NULL); the team itself went.
        List<Integer> teams = new ArrayList<>(List.of(team));
        for (int id = 1; id <= 100; id++) {
          if (members.contains(1 + (id * 13) % 400) && id != team) {
            teams.add(id);
          }
        }
        restoreRows(sql, "team", teams);
        sql.add("INSERT INTO member SELECT * FROM " + tpl + "member WHERE id IN " + in(members));
      }
      default -> {
        String in = in(subtree(nodeWithThreeLevelsUnder(row)));
        sql.add("INSERT INTO category SELECT * FROM " + tpl + "category WHERE id IN " + in);
        String products = "SELECT id FROM " + tpl + "product WHERE category_id IN " + in;
        sql.add("INSERT INTO product SELECT * FROM " + tpl + "product WHERE category_id IN " + in);
        sql.add(
            "INSERT INTO review SELECT * FROM "
                + tpl
                + "review WHERE product_id IN ("
                + products
                + ") ORDER BY id");
      }
    }
    sql.add("COMMIT");
    try (Statement statement = raw.createStatement()) {
      statement.execute(String.join(";\n", sql));
    }
  }

  /** Deletes the rows {@code ids} of {@code table} and copies them back from the template. */
  private void restoreRows(List<String> sql, String table, List<Integer> ids) {
    sql.add("DELETE FROM " + table + " WHERE id IN " + in(ids));
    sql.add(
        "INSERT INTO "
            + table
            + " SELECT * FROM `"
            + run.templateSchema()
            + "`."
            + table
            + " WHERE id IN "
            + in(ids));
  }

  private static String in(List<Integer> ids) {
    return ids.toString().replace('[', '(').replace(']', ')');
  }

  /** Category {@code node} and every category under it. */
  private static List<Integer> subtree(int node) {
    List<Integer> nodes = new ArrayList<>(List.of(node));
    for (int i = 0; i < nodes.size(); i++) {
      for (int child = 3 * nodes.get(i) - 1; child <= 3 * nodes.get(i) + 1; child++) {
        if (child <= TreeSchema.CATEGORIES) {
          nodes.add(child);
        }
      }
    }
    return nodes;
  }

  private Map<String, Long> checksums(String schema) throws SQLException {
    Map<String, Long> sums = new LinkedHashMap<>();
    try (Statement statement = raw.createStatement()) {
      for (String table : CHECKED) {
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
