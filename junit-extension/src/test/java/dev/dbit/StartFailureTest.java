package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A server that refuses what dbit needs to prepare the test database fails the class with what the
 * server said and what to do: here a user of the machine's MariaDB on 127.0.0.1:3306 without any
 * privilege (created for the test, dropped after).
 */
class StartFailureTest {
  private static final String USER = "dbit_no_grants";

  @Test
  void aUserWithoutPrivilegesIsToldWhichGrantDbitNeeds() throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("a server on 127.0.0.1:3306").isTrue();
    RootSql.execute(
        ExternalServerTest.URL,
        "DROP USER IF EXISTS '" + USER + "'@'127.0.0.1'",
        "CREATE USER '" + USER + "'@'127.0.0.1'");
    try {
      EngineExecutionResults results =
          DbitTestKit.run(
              ConfigurationErrorTest.FixtureTestCase.class,
              Map.of("dbit.url", ExternalServerTest.URL, "dbit.user", USER));

      assertThat(results.testEvents().started().count()).isZero();
      assertThat(DbitTestKit.failure(results.containerEvents().failed().list().get(0)))
          .hasMessageStartingWith("dbit: preparing the test database on ")
          .hasMessageContaining("Access denied for user '" + USER + "'")
          .hasMessageEndingWith(
              "The user dbit connects as (dbit.user) lacks a privilege: grant it ALL on"
                  + " `dbit\\_%`.* (dbit creates, changes and drops only schemas named dbit_...),"
                  + " or use -Ddbit.provider=embedded.");
    } finally {
      RootSql.execute(ExternalServerTest.URL, "DROP USER IF EXISTS '" + USER + "'@'127.0.0.1'");
    }
  }
}
