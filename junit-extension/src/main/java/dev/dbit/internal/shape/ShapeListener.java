package dev.dbit.internal.shape;

import java.util.Arrays;
import java.util.List;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.QueryExecutionListener;
import net.ttddyy.dsproxy.proxy.ParameterSetOperation;

/**
 * Adds every statement run on connections dbit hands out to the running test's {@link ShapeTally}:
 * its text, a hash of its bound values and its time; registered as a datasource-proxy listener.
 * Between tests there is no tally and nothing is counted.
 */
public final class ShapeListener implements QueryExecutionListener {
  private final ThreadLocal<long[]> started = ThreadLocal.withInitial(() -> new long[1]);
  private volatile ShapeTally tally;

  /** Starts a tally for the test that begins now; the previous one is no longer added to. */
  public ShapeTally startTest(int distinctLimit) {
    ShapeTally fresh = new ShapeTally(distinctLimit);
    tally = fresh;
    return fresh;
  }

  /** Stops counting until the next test starts. */
  public void endTest() {
    tally = null;
  }

  @Override
  public void beforeQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    started.get()[0] = System.nanoTime();
  }

  @Override
  public void afterQuery(ExecutionInfo execution, List<QueryInfo> queries) {
    ShapeTally current = tally;
    if (current == null) {
      return;
    }
    long nanos = (System.nanoTime() - started.get()[0]) / Math.max(1, queries.size());
    for (QueryInfo query : queries) {
      if (query.getQuery() != null) {
        current.add(query.getQuery(), valuesHash(query.getParametersList()), nanos);
      }
    }
  }

  /** A hash of the values bound in every parameter set (a batch has several); 0 without any. */
  static long valuesHash(List<List<ParameterSetOperation>> parameterSets) {
    long hash = 0;
    for (List<ParameterSetOperation> set : parameterSets) {
      for (ParameterSetOperation operation : set) {
        hash = hash * 31 + Arrays.deepHashCode(operation.getArgs());
      }
    }
    return hash;
  }
}
