package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

class TemplateReuseTest {

  @Test
  void reusesTheTemplateUntilAMigrationChanges(@TempDir Path dir) throws IOException {
    String location = Migrations.write(dir, Map.of("V1__orders.sql", Migrations.ORDERS));
    Map<String, String> config = Map.of("dbit.migrations", location);

    Map<String, String> first = classEntries(DbitTestKit.run(OrdersTestCase.class, config));
    Map<String, String> second = classEntries(DbitTestKit.run(OrdersTestCase.class, config));
    Files.writeString(dir.resolve("V2__notes.sql"), "CREATE TABLE note (id INT PRIMARY KEY);");
    Map<String, String> third = classEntries(DbitTestKit.run(OrdersTestCase.class, config));

    assertThat(first.get(ReportKeys.TEMPLATE_REUSED)).isEqualTo("false");
    assertThat(second.get(ReportKeys.TEMPLATE_REUSED)).isEqualTo("true");
    assertThat(second.get(ReportKeys.TEMPLATE)).isEqualTo(first.get(ReportKeys.TEMPLATE));
    assertThat(third.get(ReportKeys.TEMPLATE_REUSED)).isEqualTo("false");
    assertThat(third.get(ReportKeys.TEMPLATE)).isNotEqualTo(first.get(ReportKeys.TEMPLATE));
  }

  private static Map<String, String> classEntries(EngineExecutionResults results) {
    DbitTestKit.assertAllSucceeded(results, 1);
    return DbitTestKit.classEntries(results);
  }

  @DbIntegrationTest
  static class OrdersTestCase {
    @Test
    void seesMigratedReferenceRows(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM status")) {
        rows.next();
        assertThat(rows.getInt(1)).isEqualTo(2);
      }
    }
  }
}
