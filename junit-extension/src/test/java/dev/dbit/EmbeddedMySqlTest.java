package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.EmbeddedMySql;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** The embedded provider runs a real MySQL 8 from the bundled binaries, and resets it right. */
class EmbeddedMySqlTest {
  static final Map<String, String> MYSQL =
      Map.of(DbIntegrationTest.PROVIDER, "embedded", DbIntegrationTest.EMBEDDED_ENGINE, "mysql");

  /**
   * An embedded MySQL of the calling test's own (from the shared binaries), whose global settings
   * it may change: dbit's embedded provider shares its server with other tests.
   */
  static EmbeddedMySql startOwn(ClassLoader loader) throws Exception {
    return EmbeddedMySql.start(
        Path.of(System.getProperty("user.home"), ".cache", "dbit"), Optional.empty(), loader);
  }

  @Test
  void runsTestsOnMySqlWithoutTls() {
    EngineExecutionResults results =
        DbitTestKit.run(ReportEntriesTest.ThreeStatementsTestCase.class, MYSQL);

    DbitTestKit.assertAllSucceeded(results, 1);
    Map<String, String> entries = DbitTestKit.classEntries(results);
    assertThat(entries.get(ReportKeys.SERVER)).startsWith("embedded MySQL 8.0.31 on 127.0.0.1:");
    assertThat(entries.get(ReportKeys.SERVER_VERSION)).startsWith("8.0.31");
    assertThat(entries.get(ReportKeys.SERVER_SETTINGS))
        .contains("innodb_flush_log_at_trx_commit=2")
        .contains("performance_schema=ON");
    assertThat(entries.get(ReportKeys.SERVER_TLS)).isEqualTo("off");
  }

  @Test
  @Tag("proof")
  void everyTestStartsFromTheMigratedStateOnMySql() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, MYSQL),
        ResetCorrectnessTest.cases() + 1);
  }
}
