package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

class ParameterInjectionTest {

  @Test
  void injectsIntoConstructorsLifecycleAndTestMethods() {
    EngineExecutionResults results = DbitTestKit.run(InjectionTestCase.class);

    DbitTestKit.assertAllSucceeded(results, 3);
  }

  @Test
  void publishesWhereTheDatabaseIs() {
    EngineExecutionResults results = DbitTestKit.run(InjectionTestCase.class);

    Map<String, String> entries = DbitTestKit.classEntries(results);
    assertThat(entries)
        .containsKeys(
            ReportKeys.SERVER,
            ReportKeys.TEMPLATE,
            ReportKeys.TEMPLATE_REUSED,
            ReportKeys.TEST_SCHEMA);
    assertThat(entries.get(ReportKeys.SERVER)).startsWith("embedded MariaDB 11.4.5 on 127.0.0.1:");
    assertThat(entries.get(ReportKeys.TEMPLATE)).matches("dbit_template_[0-9a-f]{12}");
    assertThat(entries.get(ReportKeys.TEST_SCHEMA)).matches("dbit_test_[0-9a-f]{8}_[0-9]+");
  }

  @DbIntegrationTest
  static class InjectionTestCase {
    private static DataSource fromBeforeAll;
    private final DataSource fromConstructor;
    private TestDatabase fromBeforeEach;

    InjectionTestCase(DataSource dataSource) {
      this.fromConstructor = dataSource;
    }

    @BeforeAll
    static void beforeAll(DataSource dataSource) {
      fromBeforeAll = dataSource;
    }

    @BeforeEach
    void beforeEach(TestDatabase database) {
      fromBeforeEach = database;
    }

    @Test
    void everyInjectionPointGetsTheSamePool(DataSource dataSource) {
      assertThat(dataSource).isSameAs(fromConstructor).isSameAs(fromBeforeAll);
    }

    @Test
    void poolAndHandlePointAtTheSameSchema(DataSource dataSource, TestDatabase database)
        throws SQLException {
      assertThat(database).isSameAs(fromBeforeEach);
      try (Connection pooled = dataSource.getConnection();
          Connection extra = database.openConnection()) {
        assertThat(currentSchema(pooled)).isEqualTo(database.schemaName());
        assertThat(currentSchema(extra)).isEqualTo(database.schemaName());
        assertThat(extra).isNotSameAs(pooled);
      }
    }

    @Test
    void urlNamesTheSchemaAndCarriesNoPassword(TestDatabase database) {
      assertThat(database.jdbcUrl())
          .startsWith("jdbc:mysql://127.0.0.1:")
          .contains("/" + database.schemaName() + "?")
          .doesNotContainIgnoringCase("password")
          .doesNotContain("allowMultiQueries");
    }

    private static String currentSchema(Connection connection) throws SQLException {
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT DATABASE()")) {
        rows.next();
        return rows.getString(1);
      }
    }
  }
}
