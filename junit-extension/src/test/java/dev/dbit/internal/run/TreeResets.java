package dev.dbit.internal.run;

import dev.dbit.TreeSchema;
import dev.dbit.internal.server.DatabaseServer;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

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
final class TreeResets extends FixtureResets {
  private TreeResets() {
    super(13);
  }

  /** Measures {@code n} rounds on {@code server} and prints one line per kind. */
  static void measure(DatabaseServer server, int n, String at, ContainerStarts.Printer printer)
      throws SQLException, IOException {
    new TreeResets().measure(server, "bench-tree", TreeSchema.SQL, n, "reset-tree", at, printer);
  }

  @Override
  List<String> kinds() {
    return List.of(
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
  }

  @Override
  List<String> checkedTables() {
    return List.of(
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
  }

  /** A category on the third level: three levels of 39 categories under it. */
  private static int nodeWithThreeLevelsUnder(int row) {
    return 5 + row % 9;
  }

  /** The test: its write through dbit's pool and one query, as an assertion would. */
  @Override
  void test(String kind, int row) throws SQLException {
    String write =
        switch (kind) {
          case "plain-update", "cleanup-only-plain" ->
              "UPDATE plain_050 SET label = 'edited' WHERE id = " + (1 + row % 200);
          case "large-update" -> "UPDATE seat SET name = 'edited' WHERE id = " + (1 + row % 1200);
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

  @Override
  List<String> cleanupOnly(String kind, int row, String tpl) {
    List<String> sql = new ArrayList<>();
    switch (kind) {
      case "cleanup-only-plain" -> restoreRows(sql, tpl, "plain_050", List.of(1 + row % 200));
      case "cleanup-only-node-update" ->
          restoreRows(sql, tpl, "category", List.of(1 + row % TreeSchema.CATEGORIES));
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
        restoreRows(sql, tpl, "team", teams);
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
    return sql;
  }

  /** Deletes the rows {@code ids} of {@code table} and copies them back from the template. */
  private static void restoreRows(List<String> sql, String tpl, String table, List<Integer> ids) {
    sql.add("DELETE FROM " + table + " WHERE id IN " + in(ids));
    sql.add("INSERT INTO " + table + " SELECT * FROM " + tpl + table + " WHERE id IN " + in(ids));
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
}
