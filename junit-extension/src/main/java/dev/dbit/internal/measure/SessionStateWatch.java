package dev.dbit.internal.measure;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;

/**
 * Notices statements that leave state on a pooled connection beyond what HikariCP resets: session
 * variables, user variables, temporary tables, table locks, named locks, a changed default schema.
 * The next test then gets fresh connections instead of inheriting that state.
 */
public final class SessionStateWatch implements QueryExecutionListener {
  private static final Pattern SESSION_STATE =
      Pattern.compile(
          "^\\s*(SET\\s|CREATE\\s+TEMPORARY\\s|LOCK\\s+TABLES?\\s|USE\\s|DROP\\s+TEMPORARY\\s"
              + "|SELECT\\s.*\\b(GET_LOCK|SET_USER_VAR)\\s*\\(|.*@[A-Za-z_][A-Za-z0-9_]*\\s*:=)",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  private final AtomicBoolean changed = new AtomicBoolean();

  @Override
  public void beforeQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    for (QueryInfo query : queries) {
      if (changesSession(query.getQuery())) {
        changed.set(true);
      }
    }
  }

  @Override
  public void afterQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    // Decided before the statement ran.
  }

  /** True once since the last call when some statement may have left session state behind. */
  public boolean takeChanged() {
    return changed.getAndSet(false);
  }

  static boolean changesSession(String sql) {
    return sql != null && SESSION_STATE.matcher(sql.toUpperCase(Locale.ROOT)).find();
  }
}
