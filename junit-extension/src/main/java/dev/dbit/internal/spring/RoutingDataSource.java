package dev.dbit.internal.spring;

import dev.dbit.internal.run.RunBinding;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The DataSource dbit gives an application context: each connection comes from the pool of the dbit
 * test class running on the caller's thread ({@link RunBinding}), through dbit's listeners, so that
 * a context cached across classes always writes into the schema of the class that runs, and every
 * statement it sends is counted for that class's test.
 */
public final class RoutingDataSource implements DataSource {
  @Override
  public Connection getConnection() throws SQLException {
    return RunBinding.forConnection().dataSource().getConnection();
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException(
        "dbit: the test schema's DataSource connects as the user dbit was configured with"
            + " (dbit.user); call getConnection() without credentials.");
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() {
    return Logger.getLogger("dev.dbit");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    return RunBinding.forConnection().dataSource().unwrap(type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) throws SQLException {
    return type.isInstance(this) || RunBinding.forConnection().dataSource().isWrapperFor(type);
  }

  @Override
  public String toString() {
    return "dbit's test schema (the schema of the dbit test class on the calling thread)";
  }
}
