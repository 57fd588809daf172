package dev.dbit;

import static org.apiguardian.api.API.Status.STABLE;

import java.sql.Connection;
import java.sql.SQLException;
import org.apiguardian.api.API;

/**
 * The schema a {@link DbIntegrationTest} runs against.
 *
 * <p>Inject it into a test or lifecycle method to learn where the database is or to open a
 * connection outside the pool, for example to simulate a second application instance.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface TestDatabase {

  /** JDBC URL of the test schema, with the pool's parameters and without any password. */
  String jdbcUrl();

  /** Name of the schema the test runs against; dbit created it and resets it before each test. */
  String schemaName();

  /**
   * Opens a new connection to the test schema with the same settings as the pool. The caller closes
   * it. Rows it writes are reset before the next test like any other.
   */
  Connection openConnection() throws SQLException;

  /**
   * The running test method's database use so far: statements, JDBC wait, server SQL time. Assert
   * on it to pin a test's database behaviour, for example {@code
   * assertThat(db.metrics().statements()).isLessThanOrEqualTo(12)}.
   *
   * @throws IllegalStateException outside a test method
   */
  TestMetrics metrics() throws SQLException;
}
