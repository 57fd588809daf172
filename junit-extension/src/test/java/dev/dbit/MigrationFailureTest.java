package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

class MigrationFailureTest {

  @Test
  void namesTheFileAndTheStatementThatFailed(@TempDir Path dir) throws IOException {
    String location =
        Migrations.write(
            dir,
            Map.of(
                "V1__orders.sql",
                Migrations.ORDERS,
                "V2__broken.sql",
                "CREATE TABLE broken (id INT PRIMARY KEY, amount NOT_A_TYPE);"));

    EngineExecutionResults results =
        DbitTestKit.run(BrokenMigrationTestCase.class, Map.of("dbit.migrations", location));

    Throwable failure = DbitTestKit.failure(results.containerEvents().failed().list().get(0));
    assertThat(failure.getMessage())
        .startsWith(
            "dbit: migrating " + location + " into the template schema failed. Flyway reports:")
        .contains("V2__broken.sql")
        .contains("CREATE TABLE broken (id INT PRIMARY KEY, amount NOT_A_TYPE)")
        .endsWith("Fix that migration and run again: dbit rebuilds the template from scratch.");
    assertThat(results.testEvents().started().count()).isZero();
  }

  @Test
  void refusesAMigrationFlywayWouldSkipAtTheBaseline(@TempDir Path dir) throws IOException {
    String location =
        Migrations.write(
            dir,
            Map.of(
                "V0__first.sql",
                "CREATE TABLE first_table (id INT PRIMARY KEY);",
                "V1__orders.sql",
                Migrations.ORDERS));

    EngineExecutionResults results =
        DbitTestKit.run(BrokenMigrationTestCase.class, Map.of("dbit.migrations", location));

    Throwable failure = DbitTestKit.failure(results.containerEvents().failed().list().get(0));
    assertThat(failure.getMessage())
        .isEqualTo(
            "dbit: the migration V0__first.sql (version 0) would never run: dbit migrates its"
                + " template on top of a Flyway baseline at version 0 (the schema already holds"
                + " dbit's marker table), and Flyway skips every versioned migration at or below"
                + " its baseline. Give it a version above 0, for example V0_1__ instead of V0__"
                + " (versions order as numbers, so it still runs before V1__).");
    assertThat(results.testEvents().started().count()).isZero();
  }

  @DbIntegrationTest
  static class BrokenMigrationTestCase {
    @Test
    void neverRuns() {
      throw new AssertionError("must not run when migrations fail");
    }
  }
}
