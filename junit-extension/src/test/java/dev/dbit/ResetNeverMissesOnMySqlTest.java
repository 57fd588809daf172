package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.EmbeddedMySql;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * {@link ResetNeverMissesTest}'s generated tests on the embedded MySQL 8.0.31, with its binary log
 * and without it (performance_schema's table I/O counters): a class of its own so that the proof
 * tier's JVMs share the paths.
 */
@Tag("proof")
class ResetNeverMissesOnMySqlTest {
  @Test
  void noGeneratedTestEverStartsDirtyOnMySql(TestInfo test) {
    try (LogLines log = new LogLines()) {
      ResetNeverMissesTest.prove(
          test, "embedded MySQL 8.0.31, binary log", EmbeddedMySqlTest.MYSQL, true);

      assertThat(log.messages())
          .as("the path under test: changed tables from the binary log")
          .anyMatch(line -> line.contains("changed tables found by the binary log"));
    }
    assertThat(ResetNeverMissesTest.userstatSeen).as("MySQL has no userstat").isNull();
  }

  /** Where dbit cannot follow the log (statement format here), table I/O counters name tables. */
  @Test
  void noGeneratedTestEverStartsDirtyOnMySqlWithoutTheBinaryLog(TestInfo test) throws Exception {
    // A MySQL of its own, so that its log format can change before dbit looks.
    try (EmbeddedMySql server = EmbeddedMySqlTest.startOwn(getClass().getClassLoader());
        LogLines log = new LogLines()) {
      String url =
          "jdbc:mysql://127.0.0.1:"
              + server.port()
              + "/?sslMode=DISABLED&allowPublicKeyRetrieval=true";
      RootSql.execute(url, "SET GLOBAL binlog_format = 'STATEMENT'");
      try {
        ResetNeverMissesTest.prove(
            test,
            "embedded MySQL 8.0.31, performance_schema table I/O (no row-based log)",
            Map.of("dbit.provider", "external", "dbit.url", url),
            true);
      } finally {
        RootSql.execute(url, "SET GLOBAL binlog_format = 'ROW'");
      }
      assertThat(log.messages())
          .as("the path under test: table I/O counters")
          .anyMatch(line -> line.contains("changed tables found by performance_schema table I/O"));
    }
  }
}
