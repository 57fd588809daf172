package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.binlog.CopyHistory;
import dev.dbit.internal.config.Secret;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.ExternalServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A copy recorded clean is trusted at the next start only when the server's binary log shows
 * nothing that touched it since: a committed row, a {@code TRUNCATE}, a table created in it make it
 * untrusted; writes to another schema and rolled-back writes do not. On the embedded MariaDB and
 * MySQL, both of which dbit starts with a binary log; a scratch schema with dbit's marker stands in
 * for a copy, and the record lives in its bookkeeping schema.
 */
class CopyHistoryTest {
  static final List<String> VERDICTS = new CopyOnWriteArrayList<>();

  @Test
  void embeddedMariaDb() {
    assertVerdicts(Map.of(DbIntegrationTest.EMBEDDED_ENGINE, "mariadb"));
  }

  @Test
  void embeddedMySql() {
    assertVerdicts(EmbeddedMySqlTest.MYSQL);
  }

  private static void assertVerdicts(Map<String, String> server) {
    VERDICTS.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(ReadsTheLog.class, server), 1);
    assertThat(VERDICTS)
        .containsExactly(
            "nothing happened: untouched",
            "another schema written: untouched",
            "a write rolled back: untouched",
            "a row committed: touched",
            "truncated: touched",
            "a table created: touched",
            "recorded once, asked twice: touched");
  }

  @DbIntegrationTest
  static class ReadsTheLog {
    @Test
    void judgesEachChange(TestDatabase database) throws SQLException {
      String url = database.jdbcUrl().replaceFirst("/[^/?]*(\\?.*)?$", "/");
      DatabaseServer server = ExternalServer.fromUrl(url, "root", Secret.of(""));
      String scratch = database.schemaName() + "_history";
      try (Connection control =
              DriverManager.getConnection(
                  url + "?user=root&sslMode=DISABLED&allowMultiQueries=true");
          Connection other = DriverManager.getConnection(url + "?user=root&sslMode=DISABLED");
          Statement dbit = control.createStatement();
          Statement test = other.createStatement()) {
        dbit.execute("SET SESSION sql_log_bin = 0");
        dbit.execute("DROP DATABASE IF EXISTS " + scratch);
        dbit.execute("CREATE DATABASE " + scratch);
        dbit.execute("CREATE TABLE " + scratch + ".t (id INT PRIMARY KEY)");
        // dbit's marker makes it a copy, whose bookkeeping schema holds the record.
        dbit.execute(
            "CREATE TABLE "
                + scratch
                + ".dbit_schema_marker (kind VARCHAR(16), fingerprint VARCHAR(64), ready BOOLEAN)");
        dbit.execute(
            "INSERT INTO "
                + scratch
                + ".dbit_schema_marker VALUES ('COPY', REPEAT('f', 64), TRUE)");
        dbit.execute("CREATE DATABASE IF NOT EXISTS " + scratch + "_other");
        dbit.execute("CREATE TABLE IF NOT EXISTS " + scratch + "_other.t (id INT PRIMARY KEY)");
        try {
          judge(server, control, scratch, "nothing happened", () -> {});
          judge(
              server,
              control,
              scratch,
              "another schema written",
              () -> test.executeUpdate("INSERT INTO " + scratch + "_other.t VALUES (1)"));
          judge(
              server,
              control,
              scratch,
              "a write rolled back",
              () -> {
                other.setAutoCommit(false);
                test.executeUpdate("INSERT INTO " + scratch + ".t VALUES (1)");
                other.rollback();
                other.setAutoCommit(true);
              });
          judge(
              server,
              control,
              scratch,
              "a row committed",
              () -> test.executeUpdate("INSERT INTO " + scratch + ".t VALUES (2)"));
          judge(
              server,
              control,
              scratch,
              "truncated",
              () -> test.execute("TRUNCATE TABLE " + scratch + ".t"));
          judge(
              server,
              control,
              scratch,
              "a table created",
              () -> test.execute("CREATE TABLE " + scratch + ".u (id INT)"));
          CopyHistory.recordClean(control, scratch);
          CopyHistory.untouchedSinceLastRun(server, control, scratch);
          VERDICTS.add(
              "recorded once, asked twice: "
                  + (CopyHistory.untouchedSinceLastRun(server, control, scratch)
                      ? "untouched"
                      : "touched"));
        } finally {
          dbit.execute("DROP DATABASE IF EXISTS " + scratch);
          dbit.execute("DROP DATABASE IF EXISTS " + scratch + "_dbit");
          dbit.execute("DROP DATABASE IF EXISTS " + scratch + "_other");
        }
      }
    }

    private static void judge(
        DatabaseServer server, Connection control, String copy, String what, SqlAction change)
        throws SQLException {
      CopyHistory.recordClean(control, copy);
      change.run();
      VERDICTS.add(
          what
              + ": "
              + (CopyHistory.untouchedSinceLastRun(server, control, copy)
                  ? "untouched"
                  : "touched"));
    }
  }

  @FunctionalInterface
  interface SqlAction {
    void run() throws SQLException;
  }
}
