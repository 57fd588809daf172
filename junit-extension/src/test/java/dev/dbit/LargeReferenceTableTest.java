package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.dbit.internal.report.Percentiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A seeded table of 100,000 rows with a blob column, restored by difference: every test starts with
 * exactly the seed, whether the test before updated, deleted or inserted a row of it, or only read.
 * Prints the reset times after each kind of test (numbers to read, not to assert).
 */
class LargeReferenceTableTest {
  static final String SCHEMA =
      """
      CREATE TABLE image (
        id INT PRIMARY KEY,
        name VARCHAR(40) NOT NULL,
        png BLOB NOT NULL,
        KEY image_name (name));
      INSERT INTO image (id, name, png)
      SELECT n, CONCAT('image-', n), UNHEX(SHA2(CONCAT('png', n), 256)) FROM (
        SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d AS n
        FROM (SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
              UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8
              UNION ALL SELECT 9) a,
             (SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
              UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8
              UNION ALL SELECT 9) b,
             (SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
              UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8
              UNION ALL SELECT 9) c,
             (SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
              UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8
              UNION ALL SELECT 9) e,
             (SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4
              UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8
              UNION ALL SELECT 9) f) digits;
      ANALYZE TABLE image;
      """;

  private static final int TESTS = 16;

  /** "rows | checksum" as each test saw the table at its start. */
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  @TempDir Path dir;

  @Test
  void embeddedMariaDb() throws Exception {
    proveOn("embedded MariaDB", Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  @Test
  void embeddedMySql() throws Exception {
    proveOn("embedded MySQL", EmbeddedMySqlTest.MYSQL);
  }

  @Test
  void externalServer() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    proveOn("external MariaDB", ExternalServerTest.CONFIG);
  }

  private void proveOn(String server, Map<String, String> serverConfig) throws Exception {
    Map<String, String> config = new HashMap<>(serverConfig);
    config.put("dbit.migrations", Migrations.write(dir, Map.of("V1__images.sql", SCHEMA)));
    SEEN.clear();
    EngineExecutionResults results = DbitTestKit.run(ChangesOneRow.class, config);

    DbitTestKit.assertAllSucceeded(results, TESTS);
    assertThat(SEEN).hasSize(TESTS).allMatch(seen -> seen.equals(SEEN.get(0)));
    assertThat(SEEN.get(0)).startsWith("100000 | ");
    Map<String, List<Double>> resets = new HashMap<>();
    results.testEvents().reportingEntryPublished().stream()
        .forEach(
            event -> {
              ReportEntry entry = event.getPayload(ReportEntry.class).orElseThrow();
              String reset = entry.getKeyValuePairs().get(ReportKeys.RESET_MS);
              String name = event.getTestDescriptor().getDisplayName();
              if (reset != null && !name.equals("repetition 1 of " + TESTS)) {
                // Repetition k starts after repetition k-1, whose kind decides the reset's work.
                int previous = Integer.parseInt(name.split(" ")[1]) - 1;
                resets
                    .computeIfAbsent(kind(previous), k -> new ArrayList<>())
                    .add(Double.parseDouble(reset));
              }
            });
    resets.forEach(
        (kind, millis) ->
            System.out.printf(
                "large reference table (%s): reset after a test that %s: %s%n",
                server, kind, Percentiles.of(millis).describeMillis()));
  }

  static String kind(int repetition) {
    return switch (repetition % 4) {
      case 0 -> "only read";
      case 1 -> "updated one row";
      case 2 -> "deleted one row";
      default -> "inserted one row";
    };
  }

  @DbIntegrationTest
  static class ChangesOneRow {
    @RepeatedTest(TESTS)
    void looksThenChangesOneRow(DataSource db, RepetitionInfo repetition) throws SQLException {
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM image")) {
          rows.next();
          long count = rows.getLong(1);
          try (ResultSet sum = statement.executeQuery("CHECKSUM TABLE image")) {
            sum.next();
            SEEN.add(count + " | " + sum.getLong(2));
          }
        }
        int id = 1 + repetition.getCurrentRepetition() * 997;
        switch (kind(repetition.getCurrentRepetition())) {
          case "updated one row" ->
              statement.executeUpdate("UPDATE image SET png = UNHEX('00') WHERE id = " + id);
          case "deleted one row" -> statement.executeUpdate("DELETE FROM image WHERE id = " + id);
          case "inserted one row" ->
              statement.executeUpdate(
                  "INSERT INTO image (id, name, png) VALUES (200000, 'new', UNHEX('01'))");
          default -> {
            // only read
          }
        }
      }
    }
  }
}
