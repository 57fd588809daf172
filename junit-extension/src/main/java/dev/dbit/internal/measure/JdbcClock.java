package dev.dbit.internal.measure;

import java.lang.reflect.Method;
import java.sql.Statement;
import java.util.concurrent.atomic.LongAdder;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;

/**
 * Adds up the time spent inside JDBC calls on connections dbit hands out, and counts statement
 * executions.
 *
 * <p>Registered as a datasource-proxy method listener. Only the outermost proxied call on a thread
 * is timed, so nested calls are not counted twice.
 */
public final class JdbcClock implements MethodExecutionListener {
  private final LongAdder nanos = new LongAdder();
  private final LongAdder statements = new LongAdder();
  private final ThreadLocal<long[]> startAndDepth = ThreadLocal.withInitial(() -> new long[2]);

  /**
   * Totals so far.
   *
   * @param nanos time inside JDBC calls
   * @param statements statement executions
   */
  public record Reading(long nanos, long statements) {
    public Reading minus(Reading earlier) {
      return new Reading(nanos - earlier.nanos, statements - earlier.statements);
    }
  }

  public Reading read() {
    return new Reading(nanos.sum(), statements.sum());
  }

  @Override
  public void beforeMethod(MethodExecutionContext context) {
    long[] state = startAndDepth.get();
    if (state[1]++ == 0) {
      state[0] = System.nanoTime();
    }
  }

  @Override
  public void afterMethod(MethodExecutionContext context) {
    long[] state = startAndDepth.get();
    if (--state[1] == 0) {
      nanos.add(System.nanoTime() - state[0]);
      if (isExecution(context.getMethod())) {
        statements.increment();
      }
    }
  }

  static boolean isExecution(Method method) {
    return method.getName().startsWith("execute")
        && Statement.class.isAssignableFrom(method.getDeclaringClass());
  }
}
