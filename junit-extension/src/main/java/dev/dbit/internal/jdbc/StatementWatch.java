package dev.dbit.internal.jdbc;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;

/**
 * Notices, from their text, statements of one kind run on connections dbit hands out; registered as
 * a datasource-proxy listener. Decided before the statement runs.
 */
public final class StatementWatch implements QueryExecutionListener {
  private final Pattern pattern;
  private final AtomicBoolean seen = new AtomicBoolean();

  private StatementWatch(Pattern pattern) {
    this.pattern = pattern;
  }

  /**
   * Statements that leave state on a pooled connection beyond what HikariCP resets: session
   * variables, user variables, temporary tables, table locks, named locks, a changed default
   * schema. The next test then gets fresh connections instead of inheriting that state.
   */
  public static StatementWatch sessionState() {
    return new StatementWatch(
        Pattern.compile(
            "^\\s*(SET\\s|CREATE\\s+TEMPORARY\\s|LOCK\\s+TABLES?\\s|USE\\s|DROP\\s+TEMPORARY\\s"
                + "|SELECT\\s.*\\b(GET_LOCK|SET_USER_VAR)\\s*\\(|.*@[A-Za-z_][A-Za-z0-9_]*\\s*:=)",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL));
  }

  /**
   * Statements that change tables without moving any row counter: {@code TRUNCATE}, DDL, {@code
   * LOCK TABLES}, {@code HANDLER}, procedure calls. The next reset then probes every table instead
   * of trusting the counters.
   */
  public static StatementWatch uncountedChanges() {
    return new StatementWatch(
        Pattern.compile(
            "^\\s*(TRUNCATE|ALTER|DROP|RENAME|LOCK|HANDLER|CALL|CREATE\\s+(?!TEMPORARY))",
            Pattern.CASE_INSENSITIVE));
  }

  @Override
  public void beforeQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    for (QueryInfo query : queries) {
      if (matches(query.getQuery())) {
        seen.set(true);
      }
    }
  }

  @Override
  public void afterQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    // Decided before the statement ran.
  }

  /** True once since the last call when such a statement ran. */
  public boolean takeSeen() {
    return seen.getAndSet(false);
  }

  boolean matches(String sql) {
    return sql != null && pattern.matcher(sql).find();
  }
}
