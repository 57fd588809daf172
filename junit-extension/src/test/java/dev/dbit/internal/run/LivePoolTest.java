package dev.dbit.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.mysql.cj.jdbc.JdbcConnection;
import com.zaxxer.hikari.HikariConfig;
import dev.dbit.internal.measure.TestConnections;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * On the machine's MariaDB (127.0.0.1:3306): a connection whose server thread dbit ended is never
 * handed out, even one still in the pool (the pool added it after dbit evicted the idle ones).
 */
class LivePoolTest {

  @Test
  void aConnectionDbitEndedIsReplacedWhenBorrowed() throws SQLException {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl("jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED");
    config.setUsername("root");
    config.setMaximumPoolSize(2);
    TestConnections registry = new TestConnections(false);
    try (LivePool pool = new LivePool(config, registry)) {
      long ended;
      try (Connection connection = pool.getConnection()) {
        ended = connection.unwrap(JdbcConnection.class).getId();
      }
      registry.ended(List.of(ended));

      try (Connection connection = pool.getConnection();
          Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT CONNECTION_ID()")) {
        rows.next();
        assertThat(rows.getLong(1)).isNotEqualTo(ended);
      }
    }
  }
}
