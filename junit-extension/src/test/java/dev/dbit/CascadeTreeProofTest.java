package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.dbit.internal.report.Percentiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The randomized proof on {@link TreeSchema} (its cascades, and five of its plain tables: each test
 * compares every table), where cascades run through self-references, a cycle and a six-level chain:
 * generated tests delete and move tree nodes, delete in the cycle and along the chain, change keys
 * that cascade on update, roll back, write from other connections and with foreign key checks off;
 * each first checks that every table equals the template. One path per change source that knows
 * released values: the binary log (embedded MariaDB and MySQL) and dbit's triggers (the machine's
 * MariaDB 10.11).
 */
@Tag("proof")
class CascadeTreeProofTest {
  /** The kinds of work a generated test does; each round of cases runs every one. */
  static final int KINDS = 14;

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

  @Test
  void externalServer(TestInfo test) throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    prove(test, "external MariaDB, dbit's triggers", ExternalServerTest.CONFIG);
  }

  private void prove(TestInfo test, String path, Map<String, String> server) throws Exception {
    Map<String, String> config = new HashMap<>(server);
    config.put("dbit.migrations", Migrations.write(dir, Map.of("V1__tree.sql", TreeSchema.sql(5))));
    int cases = ProofSeeds.cases(KINDS);
    System.out.println(ProofSeeds.banner("cascade tree proof (" + path + ")", cases));
    EngineExecutionResults results = DbitTestKit.run(GeneratedTestCase.class, config);

    Map<String, String> failures = ProofSeeds.failures(results);
    System.out.printf(
        "randomized reset proof on the cascade tree (%s): %d generated tests, %d mismatches%n",
        path, results.testEvents().started().count(), ProofSeeds.mismatches(failures.values()));
    String replay = ProofSeeds.replay(test, failures);
    assertThat(failures).as(replay).isEmpty();
    assertThat(results.testEvents().started().count()).isEqualTo(cases);
    List<Double> resets =
        results.allEvents().reportingEntryPublished().stream()
            .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
            .filter(pairs -> pairs.containsKey(ReportKeys.RESET_MS))
            .map(pairs -> Double.parseDouble(pairs.get(ReportKeys.RESET_MS)))
            .toList();
    Percentiles p = Percentiles.of(resets);
    System.out.printf(
        Locale.ROOT,
        "reset before each generated test on the cascade tree (%s): median %.1f ms, p10 %.1f,"
            + " p90 %.1f, max %.1f, N=%d%n",
        path,
        p.p50(),
        p.p10(),
        p.p90(),
        resets.stream().mapToDouble(Double::doubleValue).max().orElse(0),
        p.n());
  }

  @DbIntegrationTest
  static class GeneratedTestCase {
    static IntStream cases() {
      return ProofSeeds.numbers(ProofSeeds.cases(KINDS));
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("cases")
    void startsCleanThenDoesSomethingRandom(int number, DataSource pool, TestDatabase database)
        throws SQLException {
      List<String> diff = TableStates.differences(database);
      assertThat(diff).as("tables that differ, case %d", number).isEmpty();
      Random random = new Random(ProofSeeds.seed(number));
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        List<String> work = work(ProofSeeds.kind(number, KINDS), random);
        if (work.get(0).equals("other connection")) {
          try (Connection other = database.openConnection();
              Statement elsewhere = other.createStatement()) {
            for (String sql : work.subList(1, work.size())) {
              elsewhere.execute(sql);
            }
          }
        } else if (work.get(0).equals("random rows")) {
          RandomWriter writer =
              new RandomWriter(connection, database.schemaName(), random.nextLong());
          List<String> tables = new ArrayList<>(writer.tables());
          Collections.shuffle(tables, random);
          writer.insertInto(connection, tables.subList(0, 1 + random.nextInt(4)), 2);
        } else {
          for (String sql : work) {
            statement.execute(sql);
          }
        }
      }
    }

    /** The statements of one kind of work, drawn with {@code random}. */
    private static List<String> work(int kind, Random random) {
      int node = 1 + random.nextInt(TreeSchema.CATEGORIES);
      int team = 1 + random.nextInt(100);
      int member = 1 + random.nextInt(400);
      int level = random.nextInt(5);
      int row = 1 + random.nextInt(5 * (level + 1));
      int sku = 1 + random.nextInt(200);
      int product = 1 + random.nextInt(400);
      // Two different nodes of the second level, and a child of the second.
      int first = 2 + random.nextInt(3);
      int second = 2 + (first - 2 + 1 + random.nextInt(2)) % 3;
      int moved = 3 * second - 1 + random.nextInt(3);
      return switch (kind) {
        case 0 -> List.of("DELETE FROM category WHERE id = " + node);
        case 1 ->
            List.of(
                "UPDATE category SET name = 'renamed' WHERE id = " + node,
                "INSERT INTO product VALUES (9001, " + node + ", 'new')");
        case 2 -> List.of("DELETE FROM team WHERE id = " + team);
        case 3 -> List.of("DELETE FROM member WHERE id = " + member);
        case 4 -> List.of("DELETE FROM " + TreeSchema.CHAIN.get(level) + " WHERE id = " + row);
        case 5 ->
            List.of(
                "UPDATE sku SET code = 'Z" + sku + "' WHERE code = 'S" + sku + "'",
                "UPDATE org SET id = id + 100 WHERE id = " + (1 + sku % 5));
        case 6 ->
            // A subtree moved under another node, which then goes: the cascade takes it unseen.
            List.of(
                "UPDATE category SET parent_id = " + first + " WHERE id = " + moved,
                "DELETE FROM category WHERE id = " + first);
        case 7 ->
            // A folder that is not a root goes (its children lose their parent), and another moves
            // under a root.
            List.of(
                "DELETE FROM folder WHERE id = " + (11 + node % 290),
                "UPDATE folder SET parent_id = " + (1 + team % 10) + " WHERE id = " + (11 + team));
        case 8 ->
            List.of(
                "DELETE FROM review WHERE id = " + product,
                "DELETE FROM product WHERE id = " + (1 + (product * 7) % 400));
        case 9 ->
            List.of(
                "START TRANSACTION",
                "DELETE FROM category WHERE id = " + (1 + node % 13),
                "ROLLBACK",
                "UPDATE seat SET name = 'kept' WHERE id = " + member);
        case 10 ->
            // A member moved to another team, which then goes.
            List.of(
                "UPDATE member SET team_id = " + team + " WHERE id = " + member,
                "DELETE FROM team WHERE id = " + team);
        case 11 ->
            List.of(
                "UPDATE variant_price SET cents = 0 WHERE id = " + product,
                "DELETE FROM variant WHERE id = " + product);
        case 12 ->
            List.of(
                "other connection",
                "DELETE FROM category WHERE id = " + node,
                "DELETE FROM division WHERE id = " + (1 + team % 20));
        default ->
            random.nextBoolean()
                ? List.of("random rows")
                : List.of(
                    "SET SESSION foreign_key_checks = 0",
                    "DELETE FROM category WHERE id = " + node,
                    "SET SESSION foreign_key_checks = 1");
      };
    }
  }
}
