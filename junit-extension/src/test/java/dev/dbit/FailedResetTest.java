package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A reset the server refuses is rolled back as a whole and fails the test naming the statement; the
 * next run restores the copy, and a copy that cannot be restored is built again from the template.
 *
 * <p>The refusal comes from the schema itself: triggers on the seeded table {@code tag} fail every
 * insert, or every delete, while a schema named by the test exists.
 */
class FailedResetTest {
  private static final String REFUSE_INSERTS = "dbit_proof_refuse_inserts";
  private static final String REFUSE_DELETES = "dbit_proof_refuse_deletes";
  private static final String SEED = "Red,Blue,Green";

  static final String SCHEMA =
      """
      CREATE TABLE tag (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL);
      CREATE TABLE note (id INT PRIMARY KEY);
      CREATE TRIGGER tag_refuse_insert BEFORE INSERT ON tag FOR EACH ROW
      BEGIN
        IF EXISTS (SELECT 1 FROM information_schema.SCHEMATA
                   WHERE SCHEMA_NAME = 'dbit_proof_refuse_inserts') THEN
          SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'tag refuses inserts';
        END IF;
      END;
      CREATE TRIGGER tag_refuse_delete BEFORE DELETE ON tag FOR EACH ROW
      BEGIN
        IF EXISTS (SELECT 1 FROM information_schema.SCHEMATA
                   WHERE SCHEMA_NAME = 'dbit_proof_refuse_deletes') THEN
          SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'tag refuses deletes';
        END IF;
      END;
      INSERT INTO tag VALUES (1, 'Red'), (2, 'Blue'), (3, 'Green');
      """;

  @TempDir Path dir;

  /** The schema the next fixture run's first test creates, or null for none. */
  static volatile String refusal;

  /** What the fixture's tests saw at their start, and what the copy held after the run. */
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  static volatile String heldAfterwards;

  /** Whether the refusal outlives the fixture run (the one after it removes it). */
  static volatile boolean keepRefusal;

  @Test
  void aRefusedResetIsRolledBackAndTheNextRunRestores() throws Exception {
    Map<String, String> config = config();
    refusal = REFUSE_INSERTS;
    keepRefusal = false;
    EngineExecutionResults refused = DbitTestKit.run(RenameThenLook.class, config);

    assertThat(refused.testEvents().succeeded().count()).isEqualTo(1);
    Throwable failure = DbitTestKit.failure(refused.testEvents().failed().list().get(0));
    assertThat(failure.getMessage())
        .startsWith("dbit: restoring dbit_test_")
        .contains(
            "failed, and dbit rolled the whole reset back: tag refuses inserts (in: INSERT INTO")
        .contains("`tag` SELECT * FROM")
        .endsWith("The next reset compares every table with the template.");
    assertThat(refused.testEvents().failed().count()).isEqualTo(2);
    // Each reset deleted tag's rows before its insert failed: rolled back, never committed by the
    // next request.
    assertThat(heldAfterwards).isEqualTo("Crimson,Blue,Green");

    refusal = null;
    SEEN.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(RenameThenLook.class, config), 3);
    assertThat(SEEN).containsExactly(SEED, SEED, SEED);
  }

  @Test
  void aCopyThatCannotBeRestoredIsBuiltAgain() throws Exception {
    Map<String, String> config = config();
    refusal = REFUSE_DELETES;
    keepRefusal = true;
    EngineExecutionResults refused = DbitTestKit.run(RenameThenLook.class, config);
    assertThat(DbitTestKit.failure(refused.testEvents().failed().list().get(0)).getMessage())
        .contains("tag refuses deletes (in: DELETE FROM");
    assertThat(heldAfterwards).isEqualTo("Crimson,Blue,Green");

    // Deletes from tag still fail (the first run left the refusal in place): restoring the copy
    // cannot work, building it again can.
    SEEN.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(OnlyLooks.class, config), 1);
    assertThat(SEEN).containsExactly(SEED);
  }

  private Map<String, String> config() throws Exception {
    return Map.of("dbit.migrations", Migrations.write(dir, Map.of("V1__tags.sql", SCHEMA)));
  }

  static String names(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT name FROM tag ORDER BY id")) {
      StringBuilder names = new StringBuilder();
      while (rows.next()) {
        names.append(names.length() == 0 ? "" : ",").append(rows.getString(1));
      }
      return names.toString();
    }
  }

  @DbIntegrationTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class RenameThenLook {
    @Test
    @Order(1)
    void renames(DataSource db) throws SQLException {
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement()) {
        SEEN.add(names(connection));
        statement.executeUpdate("UPDATE tag SET name = 'Crimson' WHERE id = 1");
        statement.executeUpdate("INSERT INTO note VALUES (1)");
        if (refusal != null) {
          statement.execute("CREATE DATABASE IF NOT EXISTS " + refusal);
        }
      }
    }

    @Test
    @Order(2)
    void looks(DataSource db) throws SQLException {
      try (Connection connection = db.getConnection()) {
        SEEN.add(names(connection));
      }
    }

    /** Its reset fails too; a reset that left the first one's transaction open would commit it. */
    @Test
    @Order(3)
    void looksAgain(DataSource db) throws SQLException {
      looks(db);
    }

    @AfterAll
    static void lookAndDisarm(TestDatabase database) throws SQLException {
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        heldAfterwards = names(connection);
        if (!keepRefusal) {
          disarm(statement);
        }
      }
    }
  }

  static void disarm(Statement statement) throws SQLException {
    statement.execute("DROP DATABASE IF EXISTS " + REFUSE_INSERTS);
    statement.execute("DROP DATABASE IF EXISTS " + REFUSE_DELETES);
  }

  @DbIntegrationTest
  static class OnlyLooks {
    @Test
    void looks(DataSource db) throws SQLException {
      try (Connection connection = db.getConnection()) {
        SEEN.add(names(connection));
      }
    }

    @AfterAll
    static void disarm(TestDatabase database) throws SQLException {
      try (Connection connection = database.openConnection();
          Statement statement = connection.createStatement()) {
        FailedResetTest.disarm(statement);
      }
    }
  }
}
