package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Plain SQL scripts ({@code dbit.scripts}, Spring's {@code schema.sql}/{@code data.sql} style)
 * build the template in the order given, after the migrations, and count in its fingerprint.
 */
class TemplateScriptsTest {
  static final String SCHEMA =
      """
      CREATE TABLE pet (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, name_upper VARCHAR(40));
      DELIMITER //
      CREATE TRIGGER pet_bi BEFORE INSERT ON pet FOR EACH ROW
      BEGIN
        SET NEW.name_upper = UPPER(NEW.name);
      END//
      DELIMITER ;
      """;

  @TempDir Path dir;

  @Test
  void scriptsBuildTheTemplateInOrderAndTheResetRestoresTheirRows() throws Exception {
    EngineExecutionResults results = DbitTestKit.run(PetsTestCase.class, config("Leo"));

    DbitTestKit.assertAllSucceeded(results, 2);
  }

  @Test
  void aChangedScriptGivesANewTemplateAndTheSameOneIsReused() throws Exception {
    String first = template(config("Leo"));
    String same = template(config("Leo"));
    String changed = template(config("Mia"));

    assertThat(same).isEqualTo(first);
    assertThat(changed).isNotEqualTo(first);
  }

  @Test
  void aScriptThatDoesNotExistIsNamed() {
    EngineExecutionResults results =
        DbitTestKit.run(
            PetsTestCase.class,
            Map.of(
                DbIntegrationTest.MIGRATIONS, "filesystem:" + dir.resolve("none"),
                DbIntegrationTest.SCRIPTS, "filesystem:" + dir.resolve("nope.sql")));

    assertThat(results.testEvents().started().count()).isZero();
    assertThat(DbitTestKit.failure(results.containerEvents().failed().list().get(0)).getMessage())
        .isEqualTo(
            "dbit: dbit.scripts names filesystem:"
                + dir.resolve("nope.sql")
                + ", which does not exist. Name each SQL file with classpath: (on the test class"
                + " path, e.g. classpath:db/mysql/schema.sql for"
                + " src/main/resources/db/mysql/schema.sql) or filesystem: (relative to the"
                + " working directory).");
  }

  private String template(Map<String, String> config) {
    EngineExecutionResults results = DbitTestKit.run(PetsTestCase.class, config);
    DbitTestKit.assertAllSucceeded(results, 2);
    return DbitTestKit.classEntries(results).get(ReportKeys.TEMPLATE);
  }

  /** Schema and data scripts under a directory of their own; {@code pet} names the seeded pet. */
  private Map<String, String> config(String pet) throws Exception {
    Files.createDirectories(dir.resolve("none"));
    Path scripts = dir.resolve(pet + UUID.nameUUIDFromBytes(pet.getBytes()));
    Files.createDirectories(scripts);
    Files.writeString(scripts.resolve("schema.sql"), SCHEMA);
    Files.writeString(
        scripts.resolve("data.sql"),
        "INSERT INTO pet (id, name) VALUES (1, 'Rex'), (2, '" + pet + "');\n");
    return Map.of(
        DbIntegrationTest.MIGRATIONS,
        "filesystem:" + dir.resolve("none"),
        DbIntegrationTest.SCRIPTS,
        "filesystem:"
            + scripts.resolve("schema.sql")
            + ",filesystem:"
            + scripts.resolve("data.sql"));
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class PetsTestCase {
    @Test
    @Order(1)
    void seesTheSeededPetsAndAddsOne(DataSource pool) throws SQLException {
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(uppercaseNames(statement)).isEqualTo(2);
        statement.executeUpdate("INSERT INTO pet (id, name) VALUES (3, 'Max')");
        statement.executeUpdate("DELETE FROM pet WHERE id = 1");
      }
    }

    @Test
    @Order(2)
    void seesTheSeededPetsAgain(DataSource pool) throws SQLException {
      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement()) {
        assertThat(uppercaseNames(statement)).isEqualTo(2);
        try (ResultSet rows = statement.executeQuery("SELECT name FROM pet WHERE id = 1")) {
          assertThat(rows.next()).isTrue();
          assertThat(rows.getString(1)).isEqualTo("Rex");
        }
      }
    }

    /** Pets whose trigger-derived column is set: the schema script ran before the data script. */
    private static int uppercaseNames(Statement statement) throws SQLException {
      try (ResultSet rows =
          statement.executeQuery("SELECT COUNT(*) FROM pet WHERE name_upper = UPPER(name)")) {
        rows.next();
        return rows.getInt(1);
      }
    }
  }
}
