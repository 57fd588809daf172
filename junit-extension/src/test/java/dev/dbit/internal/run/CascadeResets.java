package dev.dbit.internal.run;

import dev.dbit.CascadeSchema;
import dev.dbit.internal.server.DatabaseServer;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark's {@code reset-cascade} scenario on {@link CascadeSchema}: everything dbit does
 * between two tests after a test that changed nothing, updated one row of the leaf ({@code note}),
 * of a child in the middle ({@code project}), or of the seeded parent without a key change ({@code
 * account}), or deleted a parent (20 projects, 200 tasks and 200 notes go or lose their task by
 * cascade); and two floors, the cleanups of the leaf update and of the parent delete written with
 * the rows known beforehand.
 */
final class CascadeResets extends FixtureResets {
  private CascadeResets() {
    super(11);
  }

  /** Measures {@code n} rounds on {@code server} and prints one line per kind. */
  static void measure(DatabaseServer server, int n, String at, ContainerStarts.Printer printer)
      throws SQLException, IOException {
    new CascadeResets()
        .measure(server, "bench-cascade", CascadeSchema.SQL, n, "reset-cascade", at, printer);
  }

  @Override
  List<String> kinds() {
    return List.of(
        "nothing",
        "leaf-update",
        "child-update",
        "parent-update",
        "parent-delete",
        "cleanup-only-leaf",
        "cleanup-only-parent-delete");
  }

  @Override
  List<String> checkedTables() {
    return List.of(CascadeSchema.TABLES);
  }

  private static int account(int row) {
    return 1 + row % 100;
  }

  private static int note(int row) {
    return 1 + row % 20_000;
  }

  @Override
  void test(String kind, int row) throws SQLException {
    String write =
        switch (kind) {
          case "leaf-update", "cleanup-only-leaf" ->
              "UPDATE note SET body = 'edited' WHERE id = " + note(row);
          case "child-update" ->
              "UPDATE project SET name = 'renamed' WHERE id = " + (1 + row % 2000);
          case "parent-update" -> "UPDATE account SET name = 'renamed' WHERE id = " + account(row);
          case "parent-delete", "cleanup-only-parent-delete" ->
              "DELETE FROM account WHERE id = " + account(row);
          default -> "";
        };
    try (Connection pooled = run.dataSource().getConnection();
        Statement statement = pooled.createStatement()) {
      if (!write.isEmpty()) {
        statement.executeUpdate(write);
      }
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT COUNT(*) FROM project WHERE account_id = " + account(row))) {
        rows.next();
      }
    }
  }

  @Override
  List<String> cleanupOnly(String kind, int row, String tpl) {
    List<String> sql = new ArrayList<>();
    if (kind.equals("cleanup-only-leaf")) {
      sql.add("DELETE FROM note WHERE id = " + note(row));
      sql.add("INSERT INTO note SELECT * FROM " + tpl + "note WHERE id = " + note(row));
      return sql;
    }
    int firstProject = (account(row) - 1) * CascadeSchema.PROJECTS + 1;
    int lastProject = account(row) * CascadeSchema.PROJECTS;
    int firstTask = (firstProject - 1) * CascadeSchema.TASKS + 1;
    int lastTask = lastProject * CascadeSchema.TASKS;
    String tasks = " BETWEEN " + firstTask + " AND " + lastTask;
    sql.add("INSERT INTO account SELECT * FROM " + tpl + "account WHERE id = " + account(row));
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
    return sql;
  }
}
