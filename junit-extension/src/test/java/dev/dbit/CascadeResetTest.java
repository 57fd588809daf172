package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Cascades restored by what changed, on {@link CascadeSchema} (account -> project -> task -> note,
 * cascading three levels down): every test starts with the template's rows, whatever the test
 * before it did to a parent, and the reset after a parent changed without a key change, a child
 * changed, or a parent deleted reads far fewer rows than a comparison of the tables under it would:
 * from the binary log on the embedded servers, from dbit's triggers on the 10.11.
 */
class CascadeResetTest {
  static final List<String> KINDS =
      List.of(
          "only read",
          "updated a parent, key kept",
          "deleted a parent",
          "changed a parent's key",
          "updated a child in the middle",
          "updated a leaf row",
          "moved a task to a parent then deleted that parent",
          "inserted a parent with children then deleted it");

  /** Each kind twice, and a last test that checks the reset after the last kind. */
  private static final int TESTS = 17;

  /** Far fewer rows than one comparison of task and note with the template reads (over 80,000). */
  private static final long FEW_ROWS = 10_000;

  /** The checksums of the four tables as each test saw them at its start. */
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  /** The server's row-read counters at each test's start and end, by repetition. */
  static final Map<Integer, long[]> ROWS_READ = new ConcurrentHashMap<>();

  @TempDir Path dir;

  @Test
  void embeddedMariaDb() throws Exception {
    assertReadsFewRows(proveOn(Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb")));
  }

  @Test
  void embeddedMySql() throws Exception {
    assertReadsFewRows(proveOn(EmbeddedMySqlTest.MYSQL));
  }

  /** No binary log there: dbit's triggers keep what each parent released. */
  @Test
  void externalServer() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    assertReadsFewRows(proveOn(ExternalServerTest.CONFIG));
  }

  private static void assertReadsFewRows(Map<String, List<Long>> rowsRead) {
    long readings = LargeReferenceTableTest.readingsAlone(rowsRead.get("only read"));
    for (String kind : KINDS) {
      assertThat(rowsRead.get(kind))
          .as("rows read by the reset after a test that %s, beyond %d", kind, readings)
          .isNotEmpty()
          .allSatisfy(rows -> assertThat(rows - readings).isLessThan(FEW_ROWS));
    }
  }

  private Map<String, List<Long>> proveOn(Map<String, String> server) throws Exception {
    Map<String, String> config = new HashMap<>(server);
    config.put(
        "dbit.migrations", Migrations.write(dir, Map.of("V1__cascade.sql", CascadeSchema.SQL)));
    SEEN.clear();
    ROWS_READ.clear();
    EngineExecutionResults results = DbitTestKit.run(ChangesParents.class, config);

    assertThat(TESTS).isEqualTo(2 * KINDS.size() + 1);
    DbitTestKit.assertAllSucceeded(results, TESTS);
    assertThat(SEEN).hasSize(TESTS).allMatch(seen -> seen.equals(SEEN.get(0)));
    assertThat(SEEN.get(0)).startsWith("100 | 2000 | 20000 | 20000 |");
    Map<String, List<Long>> rowsRead = new TreeMap<>();
    for (int repetition = 1; repetition < TESTS; repetition++) {
      long read = ROWS_READ.get(repetition + 1)[0] - ROWS_READ.get(repetition)[1];
      rowsRead.computeIfAbsent(kind(repetition), k -> new ArrayList<>()).add(read);
    }
    System.out.printf("cascade fixture (%s): rows read by resets: %s%n", server, rowsRead);
    return rowsRead;
  }

  static String kind(int repetition) {
    return KINDS.get((repetition - 1) % KINDS.size());
  }

  @DbIntegrationTest
  static class ChangesParents {
    @RepeatedTest(TESTS)
    void looksThenChangesAParent(DataSource db, RepetitionInfo repetition) throws SQLException {
      int number = repetition.getCurrentRepetition();
      int account = 1 + number * 7 % 100;
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        long atStart = LargeReferenceTableTest.rowsRead(statement);
        StringBuilder seen = new StringBuilder();
        for (String table : CascadeSchema.TABLES) {
          try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rows.next();
            seen.append(rows.getLong(1)).append(" | ");
          }
        }
        try (ResultSet sums =
            statement.executeQuery("CHECKSUM TABLE account, project, task, note")) {
          while (sums.next()) {
            seen.append(sums.getLong(2)).append(" ");
          }
        }
        SEEN.add(seen.toString());
        for (String sql : work(kind(number), account)) {
          statement.executeUpdate(sql);
        }
        ROWS_READ.put(number, new long[] {atStart, LargeReferenceTableTest.rowsRead(statement)});
      }
    }

    private static List<String> work(String kind, int account) {
      int project = (account - 1) * CascadeSchema.PROJECTS + 3;
      int task = (project - 1) * CascadeSchema.TASKS + 2;
      return switch (kind) {
        case "updated a parent, key kept" ->
            List.of("UPDATE account SET name = 'renamed' WHERE id = " + account);
        case "deleted a parent" -> List.of("DELETE FROM account WHERE id = " + account);
        case "changed a parent's key" ->
            List.of("UPDATE account SET id = 1000 + id WHERE id = " + account);
        case "updated a child in the middle" ->
            List.of("UPDATE project SET name = 'renamed' WHERE id = " + project);
        case "updated a leaf row" -> List.of("UPDATE note SET body = 'edited' WHERE id = " + task);
        case "moved a task to a parent then deleted that parent" ->
            List.of(
                "UPDATE task SET project_id = " + (project + 40) + " WHERE id = " + task,
                "DELETE FROM account WHERE id = " + (account % 100 + 1));
        case "inserted a parent with children then deleted it" ->
            List.of(
                "INSERT INTO account VALUES (500, 'new')",
                "INSERT INTO project VALUES (5000, 500, 'new')",
                "INSERT INTO task VALUES (50000, 5000, 'new')",
                "INSERT INTO note VALUES (50000, 50000, 'new')",
                "DELETE FROM account WHERE id = 500");
        default -> List.of();
      };
    }
  }
}
