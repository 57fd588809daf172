package dev.dbit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Statements of one test that share a shape: the same SQL once literals and bound values are taken
 * out, {@code IN} lists and {@code VALUES} rows collapsed, comments dropped, whitespace and case
 * normalised.
 *
 * @param sql the shape, for example {@code select * from order_line where order_id = ?}
 * @param kind what the statements do
 * @param count how many times the test executed it (a batch counts once)
 * @param distinctValues how many executions had literals or bound values no earlier one of the
 *     shape had, counted up to 100; a shape run many times with many values is a likely N+1
 * @param jdbcMillis time spent inside those executions, in milliseconds
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StatementShape(
    String sql, StatementKind kind, long count, long distinctValues, double jdbcMillis) {}
