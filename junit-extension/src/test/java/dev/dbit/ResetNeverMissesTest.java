package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Thousands of generated tests aimed at the reset's shortcuts: no write at all (the gate must say
 * clean), writes only elsewhere on the server (counters move, the schema is clean), rolled-back
 * writes, cascades, trigger-only writes, reference rows changed or truncated (no row counter
 * moves). Each test first checks that every table equals the template.
 */
class ResetNeverMissesTest {
  static final int TESTS = 2000;

  @Test
  void noGeneratedTestEverStartsDirty() {
    EngineExecutionResults results = DbitTestKit.run(GeneratedTestCase.class);

    long mismatches = results.testEvents().failed().count();
    System.out.printf(
        "randomized reset proof: %d generated tests, %d mismatches%n",
        results.testEvents().started().count(), mismatches);
    DbitTestKit.assertAllSucceeded(results, TESTS);
  }

  @DbIntegrationTest
  static class GeneratedTestCase {
    @RepeatedTest(TESTS)
    void startsCleanThenDoesSomethingRandom(
        DataSource pool, TestDatabase database, RepetitionInfo repetition) throws SQLException {
      assertThat(TableStates.differences(database))
          .as("tables that differ, seed %d", repetition.getCurrentRepetition())
          .isEmpty();
      Random random = new Random(31L * repetition.getCurrentRepetition());
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        RandomWriter writer =
            new RandomWriter(connection, database.schemaName(), random.nextLong());
        List<String> tables = new ArrayList<>(writer.tables());
        Collections.shuffle(tables, random);
        switch (random.nextInt(10)) {
          case 0 -> {
            // Nothing written: the gate alone must settle the next reset.
          }
          case 1 ->
              writer.insertInto(
                  connection, tables.subList(0, 1 + random.nextInt(4)), 1 + random.nextInt(3));
          case 2 -> {
            connection.setAutoCommit(false);
            writer.insertInto(connection, tables.subList(0, 2), 2);
            connection.rollback();
            connection.setAutoCommit(true);
          }
          case 3 -> {
            try (Connection other = database.openConnection()) {
              writer.changeReferenceRows(other, "country", "currency");
            }
          }
          case 4 -> {
            statement.execute("CREATE DATABASE IF NOT EXISTS dbit_proof_elsewhere");
            statement.execute(
                "CREATE TABLE IF NOT EXISTS dbit_proof_elsewhere.noise (id INT PRIMARY KEY AUTO_INCREMENT)");
            statement.executeUpdate("INSERT INTO dbit_proof_elsewhere.noise () VALUES ()");
          }
          case 5 -> {
            statement.executeUpdate(
                "INSERT INTO customer (email, full_name, country_code, language_code) VALUES ('c@example.com', 'C', 'DE', 'de')");
            statement.executeUpdate(
                "INSERT INTO sales_order (order_number, customer_id, status_code, currency_code) SELECT 'SO-1', id, 'NEW', 'EUR' FROM customer");
            statement.executeUpdate("UPDATE sales_order SET status_code = 'PAID'");
          }
          case 6 -> {
            statement.executeUpdate(
                "INSERT INTO customer (email, full_name, country_code, language_code) VALUES ('d@example.com', 'D', 'FR', 'fr')");
            statement.executeUpdate(
                "INSERT INTO customer_address (customer_id, line1, city, postal_code, country_code) SELECT id, 'x', 'y', 'z', 'FR' FROM customer");
            statement.executeUpdate("DELETE FROM customer");
          }
          case 7 -> {
            statement.execute("SET SESSION foreign_key_checks = 0");
            statement.execute(
                "TRUNCATE TABLE " + (random.nextBoolean() ? "tax_rate" : "return_reason"));
            statement.execute("SET SESSION foreign_key_checks = 1");
          }
          case 8 -> {
            statement.execute("SET SESSION foreign_key_checks = 0");
            statement.executeUpdate(
                "UPDATE country SET name = CONCAT(name, '!') WHERE code = 'DE'");
            statement.executeUpdate(
                "UPDATE country SET name = REPLACE(name, '!', '') WHERE code = 'DE'");
            statement.execute("SET SESSION foreign_key_checks = 1");
          }
          default -> {
            try (Connection other = database.openConnection()) {
              writer.insertInto(other, tables.subList(0, 1), 1);
            }
          }
        }
      }
    }
  }
}
