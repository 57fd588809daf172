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
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A seeded table of 100,000 rows with a blob column (and one of 5,000 rows keyed by a
 * case-insensitive string), changed in every way a test changes rows (update, delete, insert, a new
 * key, a rollback, a trigger, a cascade from its parent, TRUNCATE): every test starts with exactly
 * the seed. Where dbit follows the server's binary log (its embedded servers) or keeps the keys of
 * changed rows by triggers (a server without either log or counters per table), the reset after a
 * one-row change reads a handful of rows, not the table: the server's row-read counter between one
 * test's end and the next one's start says so. The copy's tables, columns, indexes, foreign keys,
 * routines and triggers stay the template's: dbit's bookkeeping lives in a schema of its own.
 * Prints the reset times after each kind of test (numbers to read, not to assert).
 */
class LargeReferenceTableTest {
  static final String SCHEMA = LargeTableSchema.SQL;

  /** The kinds of test, in turn. */
  static final List<String> KINDS =
      List.of(
          "only read",
          "updated one row of a 3-row table (for comparison)",
          "deleted one row",
          "inserted one row",
          "changed a row's key",
          "rolled back an update",
          "fired a trigger that updates one row",
          "deleted a gallery (its 10,000 images cascade)",
          "emptied the table with TRUNCATE",
          "updated one row");

  /**
   * Changes that put back many rows: a cascade that took 10,000 images (restored by the rows under
   * the deleted gallery, which alone reads 10,000 template rows) and a {@code TRUNCATE} (no log row
   * or trigger shows it: the table is compared in full).
   */
  private static final List<String> MANY_ROWS = List.of(KINDS.get(7), KINDS.get(8));

  /**
   * Each kind once, then one read-only test, whose start reads what the last kind's reset did
   * (three rounds read the same rows per kind, beyond the readings themselves).
   */
  private static final int TESTS = 11;

  /**
   * A quarter of what one comparison of the table with the template reads (200,000): the reset read
   * only what changed, and what dbit's readings count: on MariaDB the counter also counts the
   * performance_schema rows each reading scans, and a busy machine takes more readings.
   */
  private static final long FEW_ROWS = 50_000;

  /** "galleries | images | checksum" as each test saw the tables at its start. */
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  /**
   * the server's row-read counters (Handler_read_%) at each test's start and end, by repetition.
   */
  static final Map<Integer, long[]> ROWS_READ = new ConcurrentHashMap<>();

  /** The shapes of the copy the last test ran on and of its template, read by that test. */
  static final Map<String, SchemaShape> SHAPES = new ConcurrentHashMap<>();

  @TempDir Path dir;

  /** The migrations, written once per test: a second run must find the same template. */
  private String migrations;

  private String migrations() throws Exception {
    if (migrations == null) {
      migrations = Migrations.write(dir, Map.of("V1__images.sql", SCHEMA));
    }
    return migrations;
  }

  /**
   * Also a second run: the first left its copy clean and recorded where in the binary log; nothing
   * touched it since, so the second reuses it without restoring it, and its tests still start with
   * the seed.
   */
  @Test
  void embeddedMariaDb() throws Exception {
    Map<String, String> server = Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb");
    Map<String, List<Long>> rowsRead = proveOn("embedded MariaDB", server);
    assertLoggedChangesReadFewRows(rowsRead);

    try (LogLines log = new LogLines()) {
      proveOn("embedded MariaDB, second run", server);
      assertThat(log.messages())
          .anySatisfy(line -> assertThat(line).contains("since the last run left it clean"));
      log.messages().stream()
          .filter(line -> line.contains("ready in"))
          .forEach(line -> System.out.println("large reference table, second run: " + line));
    }
  }

  @Test
  void embeddedMySql() throws Exception {
    Map<String, List<Long>> rowsRead = proveOn("embedded MySQL", EmbeddedMySqlTest.MYSQL);
    assertLoggedChangesReadFewRows(rowsRead);
  }

  /**
   * The server on 3306 keeps no binary log and counts no writes per table here: dbit's triggers
   * keep the keys of changed rows, so the reset still reads only what changed. Also a second run on
   * the copy the first left.
   */
  @Test
  void externalServer() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    try (LogLines log = new LogLines()) {
      Map<String, List<Long>> rowsRead = proveOn("external MariaDB", ExternalServerTest.CONFIG);
      assertLoggedChangesReadFewRows(rowsRead);
      assertThat(log.messages())
          .anySatisfy(
              line ->
                  assertThat(line)
                      .contains(
                          "tables restored by the rows tests changed (1,000+ rows or under a"
                              + " cascade) (keys kept by dbit's triggers): image, word; large tables without a primary key,"
                              + " reloaded whole after a test changed them: word_log"));
    }
    try (LogLines log = new LogLines()) {
      assertLoggedChangesReadFewRows(
          proveOn("external MariaDB, second run", ExternalServerTest.CONFIG));
      log.messages().stream()
          .filter(line -> line.contains("ready in"))
          .forEach(line -> System.out.println("large reference table, second run: " + line));
    }
  }

  static void assertLoggedChangesReadFewRows(Map<String, List<Long>> rowsRead) {
    assertThat(rowsRead.keySet()).containsAll(KINDS);
    long readings = readingsAlone(rowsRead.get("only read"));
    rowsRead.forEach(
        (kind, reads) -> {
          if (!MANY_ROWS.contains(kind)) {
            assertThat(reads)
                .as("rows read by the reset after a test that %s, beyond %d", kind, readings)
                .allSatisfy(rows -> assertThat(rows - readings).isLessThan(FEW_ROWS));
          }
        });
    // These resets put back many rows: the counter tells them apart from the one-row kinds.
    MANY_ROWS.forEach(
        kind ->
            assertThat(rowsRead.get(kind))
                .as("rows read by the reset after a test that %s, beyond %d", kind, readings)
                .allSatisfy(rows -> assertThat(rows - readings).isGreaterThan(FEW_ROWS)));
  }

  /**
   * What the resets after read-only tests read, the least of them: on MariaDB, whose counters also
   * count the rows of performance_schema's tables the readings scan, the readings alone; 0 on
   * MySQL.
   */
  static long readingsAlone(List<Long> afterReadOnlyTests) {
    return afterReadOnlyTests.stream().mapToLong(Long::longValue).min().orElseThrow();
  }

  /**
   * Runs the tests; every one must start with the seed.
   *
   * @return for each kind, the rows the server read between the end of such a test and the next
   *     start
   */
  private Map<String, List<Long>> proveOn(String server, Map<String, String> serverConfig)
      throws Exception {
    Map<String, String> config = new HashMap<>(serverConfig);
    config.put("dbit.migrations", migrations());
    return proveWith(server, config);
  }

  /** {@link #proveOn} with the migrations in {@code config}. */
  static Map<String, List<Long>> proveWith(String server, Map<String, String> config) {
    SEEN.clear();
    ROWS_READ.clear();
    SHAPES.clear();
    EngineExecutionResults results = DbitTestKit.run(ChangesRows.class, config);

    assertThat(TESTS).isEqualTo(KINDS.size() + 1);
    DbitTestKit.assertAllSucceeded(results, TESTS);
    // dbit's bookkeeping (changed tables, keys of changed rows) lives in a schema of its own.
    assertThat(SHAPES.get("copy")).as("the copy's information_schema").isNotNull();
    assertThat(SHAPES.get("copy").kinds()).isEqualTo(SHAPES.get("template").kinds());
    assertThat(SEEN).hasSize(TESTS).allMatch(seen -> seen.equals(SEEN.get(0)));
    assertThat(SEEN.get(0)).startsWith("10 | 100000 | ");
    assertThat(SEEN.get(0).split(" \\| ")).hasSize(6);
    Map<String, List<Double>> resets = new TreeMap<>();
    results.testEvents().reportingEntryPublished().stream()
        .forEach(
            event -> {
              ReportEntry entry = event.getPayload(ReportEntry.class).orElseThrow();
              String reset = entry.getKeyValuePairs().get(ReportKeys.RESET_MS);
              String name = event.getTestDescriptor().getDisplayName();
              String questions = entry.getKeyValuePairs().get(ReportKeys.QUESTIONS);
              if (questions != null && !questions.equals("n/a")) {
                // The server saw every statement but the test's two SHOWs, which MariaDB's user
                // statistics never count; dbit's own statements are not the test's.
                assertThat(Long.parseLong(questions))
                    .as("%s: statements the server counted", name)
                    .isGreaterThanOrEqualTo(
                        Long.parseLong(entry.getKeyValuePairs().get(ReportKeys.STATEMENTS)) - 2);
              }
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
    Map<String, List<Long>> rowsRead = new TreeMap<>();
    for (int repetition = 1; repetition < TESTS; repetition++) {
      long read = ROWS_READ.get(repetition + 1)[0] - ROWS_READ.get(repetition)[1];
      rowsRead.computeIfAbsent(kind(repetition), k -> new ArrayList<>()).add(read);
    }
    System.out.printf("large reference table (%s): rows read by resets: %s%n", server, rowsRead);
    return rowsRead;
  }

  static String kind(int repetition) {
    return KINDS.get((repetition - 1) % KINDS.size());
  }

  /** Rows the server read: from InnoDB where it counts them (MySQL), else every handler read. */
  static long rowsRead(Statement statement) throws SQLException {
    try (ResultSet rows = statement.executeQuery("SHOW GLOBAL STATUS LIKE 'Innodb_rows_read'")) {
      if (rows.next()) {
        return rows.getLong(2);
      }
    }
    // MariaDB has no InnoDB-only counter: every handler read, performance_schema's included.
    long read = 0;
    try (ResultSet rows = statement.executeQuery("SHOW GLOBAL STATUS LIKE 'Handler_read%'")) {
      while (rows.next()) {
        read += rows.getLong(2);
      }
    }
    return read;
  }

  /**
   * {@code TRUNCATE TABLE image}, once more if the server refuses it with a lock wait timeout: on
   * the embedded MariaDB 11.4.5 it did so at once (no test waited anywhere near a lock timeout) in
   * 2 of 21 runs, each time right after the reset that put back the 10,000 images of a cascade;
   * dbit's reset had committed and logged no lock wait. The cause inside the server (its background
   * statistics update after a large change is a suspect) was not pinned down.
   */
  private static void truncateImages(Statement statement) throws SQLException {
    try {
      statement.execute("TRUNCATE TABLE image");
    } catch (SQLException e) {
      if (e.getErrorCode() != 1205) {
        throw e;
      }
      System.out.println("large reference table: TRUNCATE refused once: " + e.getMessage());
      statement.execute("TRUNCATE TABLE image");
    }
  }

  @DbIntegrationTest
  static class ChangesRows {
    @RepeatedTest(TESTS)
    void looksThenChangesRows(DataSource db, RepetitionInfo repetition) throws SQLException {
      int number = repetition.getCurrentRepetition();
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        long atStart = rowsRead(statement);
        try (ResultSet rows =
            statement.executeQuery(
                "SELECT (SELECT COUNT(*) FROM gallery), (SELECT COUNT(*) FROM image)")) {
          rows.next();
          String counts = rows.getLong(1) + " | " + rows.getLong(2);
          try (ResultSet sum =
              statement.executeQuery("CHECKSUM TABLE image, image_tag, word, license")) {
            StringBuilder seen = new StringBuilder(counts);
            while (sum.next()) {
              seen.append(" | ").append(sum.getLong(2));
            }
            SEEN.add(seen.toString());
          }
        }
        int id = 1 + number * 997;
        switch (kind(number)) {
          case "updated one row" -> {
            statement.executeUpdate("UPDATE image SET png = UNHEX('00') WHERE id = " + id);
            statement.executeUpdate("UPDATE word SET n = -1 WHERE word = 'w" + number + "'");
          }
          case "deleted one row" -> statement.executeUpdate("DELETE FROM image WHERE id = " + id);
          case "inserted one row" ->
              statement.executeUpdate(
                  "INSERT INTO image (id, gallery_id, name, png) VALUES (200000, 1, 'new',"
                      + " UNHEX('01'))");
          case "changed a row's key" -> {
            statement.executeUpdate("UPDATE image SET id = 300000 WHERE id = " + id);
            // Equal under the column's case-insensitive collation, but not the same key.
            statement.executeUpdate("UPDATE word SET word = 'W" + number + "' WHERE n = " + number);
          }
          case "rolled back an update" -> {
            connection.setAutoCommit(false);
            statement.executeUpdate("UPDATE image SET name = 'gone' WHERE id = " + id);
            connection.rollback();
            connection.setAutoCommit(true);
          }
          case "fired a trigger that updates one row" ->
              statement.executeUpdate(
                  "INSERT INTO image_tag (image_id, tag) VALUES (" + id + ", 'cat')");
          case "deleted a gallery (its 10,000 images cascade)" ->
              statement.executeUpdate("DELETE FROM gallery WHERE id = 3");
          case "updated one row of a 3-row table (for comparison)" ->
              statement.executeUpdate("UPDATE license SET name = 'changed' WHERE id = 2");
          case "emptied the table with TRUNCATE" -> truncateImages(statement);
          default -> {
            // only read
          }
        }
        ROWS_READ.put(number, new long[] {atStart, rowsRead(statement)});
        if (number == TESTS) {
          String copy = connection.getCatalog();
          SHAPES.put("copy", SchemaShape.of(connection, copy));
          SHAPES.put("template", SchemaShape.ofTemplateOf(connection, copy));
        }
      }
    }
  }
}
