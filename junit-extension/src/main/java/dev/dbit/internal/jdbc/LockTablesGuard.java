package dev.dbit.internal.jdbc;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Pattern;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;

/**
 * Switches dbit's change markers off on a connection dbit handed out, just before it takes {@code
 * LOCK TABLES}: MariaDB refuses a write under {@code LOCK TABLES} when two locked tables' triggers
 * write one table (error 1442, "already used by statement which invoked this trigger"), which the
 * marker triggers would do. The statement watch makes the next reset compare every table after a
 * {@code LOCK TABLES}, and the session-state watch replaces the pooled connection, so the writes
 * that go unmarked are still found.
 */
public final class LockTablesGuard implements QueryExecutionListener {
  private static final Pattern LOCK_TABLES =
      Pattern.compile("^\\s*LOCK\\s+TABLES?\\s", Pattern.CASE_INSENSITIVE);

  private final String switchOff;

  /**
   * @param variable the session variable that switches the markers off
   */
  public LockTablesGuard(String variable) {
    this.switchOff = "SET " + variable + " = 1";
  }

  @Override
  public void beforeQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    if (queries.stream()
        .noneMatch(q -> q.getQuery() != null && LOCK_TABLES.matcher(q.getQuery()).find())) {
      return;
    }
    try (Statement statement = execution.getStatement().getConnection().createStatement()) {
      statement.execute(switchOff);
    } catch (SQLException e) {
      // The LOCK TABLES itself will fail the same way and report it.
    }
  }

  @Override
  public void afterQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    // Decided before the statement ran.
  }
}
