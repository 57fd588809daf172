package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void runs() {
    var results = DbitTestKit.run(SmokeTestCase.class);
    results.allEvents().failed().stream().forEach(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class).flatMap(r -> r.getThrowable()).ifPresent(Throwable::printStackTrace));
    results.testEvents().assertStatistics(s -> s.succeeded(2));
  }

  @DbIntegrationTest
  static class SmokeTestCase {
    @Test
    void insert(DataSource ds) throws Exception {
      try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
        s.executeUpdate("INSERT INTO brand (name) VALUES ('x')");
      }
    }

    @Test
    void insert2(DataSource ds) throws Exception {
      try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
        s.executeUpdate("INSERT INTO brand (name) VALUES ('x')");
        ResultSet r = s.executeQuery("SELECT COUNT(*) FROM brand");
        r.next();
        assertThat(r.getInt(1)).isEqualTo(1);
      }
    }
  }
}
