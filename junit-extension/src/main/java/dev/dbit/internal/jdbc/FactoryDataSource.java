package dev.dbit.internal.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** Unpooled connections to one schema, so that they can be proxied like the pool's. */
public final class FactoryDataSource implements DataSource {
  private final ConnectionFactory connections;
  private final String schema;
  private final UnaryOperator<Connection> opened;

  public FactoryDataSource(ConnectionFactory connections, String schema) {
    this(connections, schema, UnaryOperator.identity());
  }

  /** Connections that {@code opened} is given as soon as they are open, and may wrap. */
  public FactoryDataSource(
      ConnectionFactory connections, String schema, UnaryOperator<Connection> opened) {
    this.connections = connections;
    this.schema = schema;
    this.opened = opened;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return opened.apply(connections.open(schema));
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException(
        "dbit: this DataSource opens connections with the run's own credentials (dbit.user); call"
            + " getConnection() without credentials");
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    // No driver logging.
  }

  @Override
  public void setLoginTimeout(int seconds) {
    // connectTimeout in the URL governs.
  }

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new SQLException("not a wrapper for " + type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
