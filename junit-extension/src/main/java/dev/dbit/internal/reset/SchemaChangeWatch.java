package dev.dbit.internal.reset;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;

/**
 * Notices statements on dbit's connections that change tables without moving any row counter:
 * {@code TRUNCATE}, DDL, {@code LOCK TABLES}, {@code HANDLER}. The next reset then probes every
 * table instead of trusting the counters.
 */
public final class SchemaChangeWatch implements QueryExecutionListener {
  private static final Pattern UNCOUNTED =
      Pattern.compile(
          "^\\s*(TRUNCATE|ALTER|DROP|RENAME|LOCK|HANDLER|CALL|CREATE\\s+(?!TEMPORARY))",
          Pattern.CASE_INSENSITIVE);

  private final AtomicBoolean seen = new AtomicBoolean();

  @Override
  public void beforeQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    for (QueryInfo query : queries) {
      if (uncounted(query.getQuery())) {
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

  static boolean uncounted(String sql) {
    return sql != null && UNCOUNTED.matcher(sql).find();
  }
}
