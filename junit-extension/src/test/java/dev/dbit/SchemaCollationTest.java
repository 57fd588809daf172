package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code dbit.schema.collation} sets the default collation of the schemas dbit creates, and a
 * migration that changes it is followed by every copy; on the embedded MariaDB and MySQL.
 */
class SchemaCollationTest {
  private static final String TABLE =
      "CREATE TABLE word (id INT PRIMARY KEY, text VARCHAR(20) NOT NULL);"
          + " INSERT INTO word VALUES (1, 'a');";

  /** "schema default collation | column collation | 'a' = 'A'" as a test saw it. */
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  @TempDir Path dir;

  @Test
  void theSettingGivesTemplateAndCopyItsCollationOnMariaDb() throws Exception {
    assertBinary(Map.of(DbIntegrationTest.SCHEMA_COLLATION, "utf8mb4_bin"), TABLE);
  }

  @Test
  void theSettingGivesTemplateAndCopyItsCollationOnMySql() throws Exception {
    Map<String, String> config = new HashMap<>(EmbeddedMySqlTest.MYSQL);
    config.put(DbIntegrationTest.SCHEMA_COLLATION, "utf8mb4_bin");
    assertBinary(config, TABLE);
  }

  @Test
  void aCollationSetByTheMigrationsIsFollowed() throws Exception {
    assertBinary(Map.of(), "ALTER DATABASE COLLATE utf8mb4_bin; " + TABLE);
  }

  @Test
  void anUnknownCollationNamesTheSetting() throws Exception {
    Map<String, String> config = new HashMap<>();
    config.put(DbIntegrationTest.SCHEMA_COLLATION, "utf8mb4_nonsense");
    config.put("dbit.migrations", Migrations.write(dir, Map.of("V1__words.sql", TABLE)));
    EngineExecutionResults results = DbitTestKit.run(LooksTestCase.class, config);

    assertThat(DbitTestKit.failure(results.containerEvents().failed().list().get(0)).getMessage())
        .startsWith(
            "dbit: the server cannot create a schema with collation 'utf8mb4_nonsense'"
                + " (dbit.schema.collation): ")
        .endsWith(". SHOW COLLATION lists the collations it has.");
  }

  @Test
  void aValueThatCannotBeACollationIsRefusedBeforeAnythingRuns() {
    EngineExecutionResults results =
        DbitTestKit.run(
            LooksTestCase.class, Map.of(DbIntegrationTest.SCHEMA_COLLATION, "utf8mb4_bin; DROP"));

    assertThat(DbitTestKit.failure(results.containerEvents().failed().list().get(0)).getMessage())
        .isEqualTo(
            "dbit: invalid value 'utf8mb4_bin; DROP' for dbit.schema.collation. It must name a"
                + " collation, for example utf8mb4_bin (SHOW COLLATION lists them).");
  }

  private void assertBinary(Map<String, String> server, String migration) throws Exception {
    Map<String, String> config = new HashMap<>(server);
    config.put("dbit.migrations", Migrations.write(dir, Map.of("V1__words.sql", migration)));
    SEEN.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(LooksTestCase.class, config), 1);
    assertThat(SEEN).containsExactly("utf8mb4_bin | utf8mb4_bin | 0");
  }

  @DbIntegrationTest
  static class LooksTestCase {
    @Test
    void looks(DataSource db) throws SQLException {
      try (Connection connection = db.getConnection();
          Statement statement = connection.createStatement();
          ResultSet rows =
              statement.executeQuery(
                  "SELECT (SELECT DEFAULT_COLLATION_NAME FROM information_schema.SCHEMATA WHERE"
                      + " SCHEMA_NAME = DATABASE()), (SELECT COLLATION_NAME FROM"
                      + " information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND"
                      + " TABLE_NAME = 'word' AND COLUMN_NAME = 'text'), (SELECT COUNT(*) FROM"
                      + " word WHERE text = 'A')")) {
        rows.next();
        SEEN.add(rows.getString(1) + " | " + rows.getString(2) + " | " + rows.getLong(3));
      }
    }
  }
}
