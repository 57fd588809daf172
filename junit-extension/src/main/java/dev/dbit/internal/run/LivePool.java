package dev.dbit.internal.run;

import com.mysql.cj.jdbc.JdbcConnection;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.internal.measure.TestConnections;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;

/**
 * The pool tests borrow from, which never hands out a connection whose server thread dbit ended
 * ({@link #ended}, kept in the registry of dbit's connections). Evicting the idle connections after
 * a kill is not enough: the pool may be opening a connection at that moment, which the server lists
 * (and dbit ends) before the pool adds it, after the eviction; handed out within the pool's half
 * second without a check, it would fail its test's first statement with the driver's
 * "Communications link failure".
 */
final class LivePool extends HikariDataSource {
  private final TestConnections registry;

  LivePool(HikariConfig config, TestConnections registry) {
    super(config);
    this.registry = registry;
  }

  /** dbit ended the server threads {@code threads}: none is handed out, the idle ones replaced. */
  void ended(Collection<Long> threads) {
    registry.ended(threads);
    getHikariPoolMXBean().softEvictConnections();
  }

  @Override
  public Connection getConnection() throws SQLException {
    while (true) {
      Connection connection = super.getConnection();
      if (!registry.wasEnded(connection.unwrap(JdbcConnection.class).getId())) {
        return connection;
      }
      evictConnection(connection);
    }
  }
}
