package dev.dbit;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * Where one test method's time went, as dbit measured it.
 *
 * <p>Only the test method's own execution counts: not dbit's reset, not lifecycle methods.
 *
 * @param wallMillis wall-clock time of the test method
 * @param cpuMillis CPU time of the test's thread
 * @param statements statements the test executed on connections from dbit (JDBC {@code execute*}
 *     calls; a batch counts once)
 * @param jdbcMillis time spent inside JDBC calls on connections from dbit, on any thread
 * @param serverSqlMillis time the server spent executing SQL during the test, from
 *     performance_schema; empty when performance_schema is off
 * @param questions the server's {@code Questions} counter over the test, without dbit's own
 *     statements (the measure the seed team used); empty when the server does not report it
 */
public record TestMetrics(
    double wallMillis,
    double cpuMillis,
    long statements,
    double jdbcMillis,
    OptionalDouble serverSqlMillis,
    OptionalLong questions) {

  /** Server SQL time as a share of wall time, when known. */
  public OptionalDouble sqlShare() {
    return serverSqlMillis.isPresent() && wallMillis > 0
        ? OptionalDouble.of(serverSqlMillis.getAsDouble() / wallMillis)
        : OptionalDouble.empty();
  }

  /** JDBC wait per statement, or 0 without statements. */
  public double jdbcMillisPerStatement() {
    return statements == 0 ? 0 : jdbcMillis / statements;
  }
}
