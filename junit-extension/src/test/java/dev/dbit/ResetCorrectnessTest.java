package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Proves that every test starts from the post-migration state of all 135 tables. */
class ResetCorrectnessTest {
  /** Generated tests per run: 10 by default, 30 in the proof tier (see {@link ProofSeeds}). */
  static int cases() {
    return ProofSeeds.count(10, 30);
  }

  @Test
  @Tag("proof")
  void everyTestStartsFromTheMigratedStateAfterRandomWritesToAllTables() {
    System.out.println(ProofSeeds.banner("random writes to all tables", cases()));
    EngineExecutionResults results = DbitTestKit.run(RandomWritesTestCase.class);

    DbitTestKit.assertAllSucceeded(results, cases() + 1);
  }

  @DbIntegrationTest
  static class RandomWritesTestCase {
    static IntStream cases() {
      return ProofSeeds.numbers(ResetCorrectnessTest.cases());
    }

    @ParameterizedTest(name = "case {0}")
    @MethodSource("cases")
    void startsCleanThenDirtiesTables(int number, DataSource pool, TestDatabase database)
        throws SQLException {
      assertThat(TableStates.differences(database))
          .as("tables that differ from the template")
          .isEmpty();

      long seed = ProofSeeds.seed(number);
      Random random = new Random(seed);
      Set<String> written = new TreeSet<>();
      try (Connection fromPool = pool.getConnection();
          Connection extra = database.openConnection();
          Connection foreign =
              DriverManager.getConnection(database.jdbcUrl(), "root", RootSql.password)) {
        RandomWriter writer = new RandomWriter(fromPool, database.schemaName(), seed);
        List<String> tables = new ArrayList<>(writer.tables());
        Collections.shuffle(tables, random);
        // The first repetition writes every table; later ones a random share of them.
        int count = number == 1 ? tables.size() : 1 + random.nextInt(tables.size());
        List<String> chosen = tables.subList(0, count);
        int third = Math.max(1, chosen.size() / 3);
        written.addAll(writer.insertInto(fromPool, chosen.subList(0, third), 2));
        written.addAll(
            writer.insertInto(extra, chosen.subList(third, Math.min(chosen.size(), 2 * third)), 2));
        foreign.setAutoCommit(false);
        written.addAll(
            writer.insertInto(
                foreign, chosen.subList(Math.min(chosen.size(), 2 * third), chosen.size()), 1));
        foreign.commit();

        writer.changeReferenceRows(extra, "country", "currency");
        rolledBackWrite(fromPool);
        triggerWrites(fromPool);
      }
      assertThat(written)
          .as("tables the writer managed to dirty")
          .hasSizeGreaterThan(number == 1 ? 120 : 0);
      assertThat(TableStates.differences(database)).isNotEmpty();
    }

    @Test
    void theComparisonSeesADirtyTable(DataSource pool, TestDatabase database) throws SQLException {
      assertThat(TableStates.differences(database)).isEmpty();
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        statement.executeUpdate("INSERT INTO brand (name) VALUES ('Acme')");
      }
      assertThat(TableStates.differences(database)).singleElement().asString().startsWith("brand ");
    }

    private static void rolledBackWrite(Connection connection) throws SQLException {
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        statement.executeUpdate("INSERT INTO product_tag (name) VALUES ('rolled-back')");
      }
      connection.rollback();
      connection.setAutoCommit(true);
    }

    /** Writes that only triggers make: order status history and the audit log. */
    private static void triggerWrites(Connection connection) throws SQLException {
      try (Statement statement = connection.createStatement()) {
        statement.executeUpdate(
            "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
                + " (CONCAT('t', RAND(), '@example.com'), 'Trigger Test', 'DE', 'de')");
        statement.executeUpdate(
            "INSERT INTO sales_order (order_number, customer_id, status_code, currency_code) SELECT"
                + " CONCAT('T-', id), id, 'NEW', 'EUR' FROM customer WHERE full_name = 'Trigger Test'");
        statement.executeUpdate(
            "UPDATE sales_order SET status_code = 'PAID' WHERE order_number LIKE 'T-%'");
      }
    }
  }
}
