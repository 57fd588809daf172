package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Connector/J's database metadata works on MariaDB through dbit's pool: Hibernate reads the SQL
 * keywords to pick its dialect, and Connector/J's information_schema variant of that query names a
 * column only MySQL has. dbit turns that variant off on MariaDB unless the user names it.
 */
class DriverMetadataTest {

  @Test
  void hibernatesMetadataQueriesAnswerOnMariaDb() {
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(ReadsKeywordsTestCase.class), 1);
  }

  @Test
  void theUsersOwnSettingWinsAndShowsWhatItAvoids() {
    EngineExecutionResults results =
        DbitTestKit.run(
            ReadsKeywordsTestCase.class,
            Map.of(DbIntegrationTest.JDBC_PARAMS, "useInformationSchema=true"));

    assertThat(results.testEvents().failed().count()).isEqualTo(1);
    assertThat(DbitTestKit.failure(results.testEvents().failed().list().get(0)).getMessage())
        .contains("RESERVED");
  }

  @DbIntegrationTest
  static class ReadsKeywordsTestCase {
    @Test
    void readsTheSqlKeywords(DataSource pool) throws SQLException {
      try (Connection connection = pool.getConnection()) {
        assertThat(connection.getMetaData().getSQLKeywords()).isNotEmpty();
      }
    }
  }
}
