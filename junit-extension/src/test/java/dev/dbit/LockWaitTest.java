package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** A test waiting on a lock fails after a minute instead of hanging the build for a year. */
class LockWaitTest {

  @Test
  void poolSessionsWaitAtMostAMinuteForALock() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(DefaultTestCase.class), 1);
  }

  @Test
  void theDevelopersSessionVariablesWin() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(
            OverriddenTestCase.class,
            Map.of("dbit.jdbc.params", "sessionVariables=lock_wait_timeout=7")),
        1);
  }

  static String lockWaitTimeout(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT @@SESSION.lock_wait_timeout")) {
      rows.next();
      return rows.getString(1);
    }
  }

  @DbIntegrationTest
  static class DefaultTestCase {
    @Test
    void waitsAtMostSixtySeconds(DataSource dataSource) throws SQLException {
      assertThat(lockWaitTimeout(dataSource)).isEqualTo("60");
    }
  }

  @DbIntegrationTest
  static class OverriddenTestCase {
    @Test
    void waitsAsTheDeveloperSaid(DataSource dataSource) throws SQLException {
      assertThat(lockWaitTimeout(dataSource)).isEqualTo("7");
    }
  }
}
