package dev.dbit.internal.run;

import dev.dbit.TestDatabase;
import dev.dbit.TestMetrics;
import dev.dbit.internal.jdbc.ConnectionFactory;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The {@link TestDatabase} handed to tests: the test schema's URL and name, extra connections
 * (measured like the pool's), and the running test's metrics.
 */
final class SchemaHandle implements TestDatabase {
  private final ConnectionFactory connections;
  private final String schema;
  private final DataSource unpooled;
  private final TestLifecycle lifecycle;

  SchemaHandle(
      ConnectionFactory connections, String schema, DataSource unpooled, TestLifecycle lifecycle) {
    this.connections = connections;
    this.schema = schema;
    this.unpooled = unpooled;
    this.lifecycle = lifecycle;
  }

  @Override
  public TestMetrics metrics() throws SQLException {
    return lifecycle.metricsSoFar();
  }

  @Override
  public String jdbcUrl() {
    return connections.url(schema);
  }

  @Override
  public String schemaName() {
    return schema;
  }

  @Override
  public Connection openConnection() throws SQLException {
    return unpooled.getConnection();
  }
}
