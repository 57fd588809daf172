package dev.dbit.sample;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** The shop's access to MySQL: a pool and a way to run work in one transaction. */
public final class Database {
  private final DataSource dataSource;

  public Database(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** The production wiring: a HikariCP pool on {@code jdbcUrl}. */
  public static Database connect(String jdbcUrl, String user, String password) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);
    config.setUsername(user);
    config.setPassword(password);
    config.setPoolName("shop");
    return new Database(new HikariDataSource(config));
  }

  /** Work that needs a connection and returns a result. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  /** Runs {@code work} in one transaction; commits on success, rolls back on any failure. */
  public <T> T inTransaction(Work<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw new DataAccessException(e);
    }
  }

  /** Runs {@code work} on a connection in auto-commit mode. */
  public <T> T withConnection(Work<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      return work.run(connection);
    } catch (SQLException e) {
      throw new DataAccessException(e);
    }
  }
}
