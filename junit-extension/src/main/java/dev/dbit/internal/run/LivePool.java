package dev.dbit.internal.run;

import com.mysql.cj.jdbc.JdbcConnection;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pool tests borrow from, which never hands out a connection whose server thread dbit ended
 * ({@link #ended}). Evicting the idle connections after a kill is not enough: the pool may be
 * opening a connection at that moment, which the server lists (and dbit ends) before the pool adds
 * it, after the eviction; handed out within the pool's half second without a check, it would fail
 * its test's first statement with the driver's "Communications link failure".
 */
final class LivePool extends HikariDataSource {
  private final Set<Long> ended = ConcurrentHashMap.newKeySet();

  LivePool(HikariConfig config) {
    super(config);
  }

  /** dbit ended the server threads {@code threads}: none is handed out, the idle ones replaced. */
  void ended(Collection<Long> threads) {
    remember(threads);
    getHikariPoolMXBean().softEvictConnections();
  }

  /** Records {@code threads} as ended, without replacing anything (the eviction a race missed). */
  void remember(Collection<Long> threads) {
    ended.addAll(threads);
  }

  @Override
  public Connection getConnection() throws SQLException {
    while (true) {
      Connection connection = super.getConnection();
      if (!ended.contains(connection.unwrap(JdbcConnection.class).getId())) {
        return connection;
      }
      evictConnection(connection);
    }
  }
}
