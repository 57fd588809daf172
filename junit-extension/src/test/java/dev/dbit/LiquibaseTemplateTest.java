package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A Liquibase changelog ({@code dbit.liquibase.changelog}) builds the template, the files it
 * includes count in the fingerprint, and its rows are restored before each test.
 */
class LiquibaseTemplateTest {
  static final String MASTER =
      """
      databaseChangeLog:
        - changeSet:
            id: create-book
            author: dbit
            changes:
              - createTable:
                  tableName: book
                  columns:
                    - column:
                        name: id
                        type: INT
                        constraints:
                          primaryKey: true
                    - column:
                        name: title
                        type: VARCHAR(80)
                        constraints:
                          nullable: false
        - include:
            file: seed.yaml
            relativeToChangelogFile: true
      """;

  @TempDir Path dir;

  @Test
  void theChangelogBuildsTheTemplateAndTheResetRestoresItsRows() throws Exception {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(BooksTestCase.class, config("Dune")), 2);
  }

  @Test
  void anIncludedFileThatChangedGivesANewTemplate() throws Exception {
    String first = template(config("Dune"));
    String same = template(config("Dune"));
    String changed = template(config("Emma"));

    assertThat(same).isEqualTo(first);
    assertThat(changed).isNotEqualTo(first);
  }

  @Test
  void aChangelogThatDoesNotExistIsNamed() throws Exception {
    Files.createDirectories(dir.resolve("none"));
    EngineExecutionResults results =
        DbitTestKit.run(
            BooksTestCase.class,
            Map.of(
                DbIntegrationTest.MIGRATIONS, "filesystem:" + dir.resolve("none"),
                DbIntegrationTest.LIQUIBASE_CHANGELOG, "filesystem:" + dir.resolve("nope.yaml")));

    assertThat(results.testEvents().started().count()).isZero();
    assertThat(DbitTestKit.failure(results.containerEvents().failed().list().get(0)).getMessage())
        .isEqualTo(
            "dbit: dbit.liquibase.changelog names filesystem:"
                + dir.resolve("nope.yaml")
                + ", which does not exist. Name the master changelog with classpath: (for example"
                + " classpath:db/changelog/db.changelog-master.yaml) or filesystem:.");
  }

  private String template(Map<String, String> config) {
    EngineExecutionResults results = DbitTestKit.run(BooksTestCase.class, config);
    DbitTestKit.assertAllSucceeded(results, 2);
    return DbitTestKit.classEntries(results).get(ReportKeys.TEMPLATE);
  }

  /** A changelog in a directory of its own that seeds two books, the second titled {@code book}. */
  private Map<String, String> config(String book) throws Exception {
    Path changelog = dir.resolve("changelog-" + book);
    Files.createDirectories(changelog);
    Files.createDirectories(dir.resolve("none"));
    Files.writeString(changelog.resolve("master.yaml"), MASTER);
    Files.writeString(
        changelog.resolve("seed.yaml"),
        """
        databaseChangeLog:
          - changeSet:
              id: seed-books
              author: dbit
              changes:
                - insert:
                    tableName: book
                    columns:
                      - column: {name: id, valueNumeric: 1}
                      - column: {name: title, value: Ulysses}
                - insert:
                    tableName: book
                    columns:
                      - column: {name: id, valueNumeric: 2}
                      - column: {name: title, value: %s}
        """
            .formatted(book));
    return Map.of(
        DbIntegrationTest.MIGRATIONS,
        "filesystem:" + dir.resolve("none"),
        DbIntegrationTest.LIQUIBASE_CHANGELOG,
        "filesystem:" + changelog.resolve("master.yaml"));
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class BooksTestCase {
    @Test
    @Order(1)
    void seesTheSeededBooksAndChangesThem(DataSource pool) throws SQLException {
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(books(statement)).isEqualTo(2);
        statement.executeUpdate("DELETE FROM book WHERE id = 1");
        statement.executeUpdate("INSERT INTO book (id, title) VALUES (3, 'Kim')");
      }
    }

    @Test
    @Order(2)
    void seesTheSeededBooksAgain(DataSource pool) throws SQLException {
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(books(statement)).isEqualTo(2);
        try (ResultSet rows = statement.executeQuery("SELECT title FROM book WHERE id = 1")) {
          assertThat(rows.next()).isTrue();
          assertThat(rows.getString(1)).isEqualTo("Ulysses");
        }
      }
    }

    private static int books(Statement statement) throws SQLException {
      try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM book")) {
        rows.next();
        return rows.getInt(1);
      }
    }
  }
}
