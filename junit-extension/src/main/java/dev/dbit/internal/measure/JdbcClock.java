package dev.dbit.internal.measure;

import java.lang.reflect.Method;
import java.sql.Statement;
import java.util.concurrent.atomic.LongAdder;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;

/**
 * Adds up the time spent inside JDBC calls on connections dbit hands out, and counts statement
 * executions, and among them the {@code SHOW} statements (MariaDB's user statistics never count
 * those).
 *
 * <p>Registered as a datasource-proxy method listener. Only the outermost proxied call on a thread
 * is timed, so nested calls are not counted twice.
 */
public final class JdbcClock implements MethodExecutionListener {
  private final LongAdder nanos = new LongAdder();
  private final LongAdder statements = new LongAdder();
  private final LongAdder shows = new LongAdder();
  private final ThreadLocal<long[]> startAndDepth = ThreadLocal.withInitial(() -> new long[2]);
  private volatile long lastReturn = System.nanoTime();

  /**
   * Totals so far.
   *
   * @param nanos time inside JDBC calls
   * @param statements statement executions
   * @param shows executions of {@code SHOW} statements given as text, among {@code statements}
   */
  public record Reading(long nanos, long statements, long shows) {
    public Reading minus(Reading earlier) {
      return new Reading(
          nanos - earlier.nanos, statements - earlier.statements, shows - earlier.shows);
    }
  }

  public Reading read() {
    return new Reading(nanos.sum(), statements.sum(), shows.sum());
  }

  /** {@link System#nanoTime()} when the last JDBC call on any thread returned. */
  public long lastReturn() {
    return lastReturn;
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
      long now = System.nanoTime();
      lastReturn = now;
      nanos.add(now - state[0]);
      if (isExecution(context.getMethod())) {
        statements.increment();
        if (isShow(context.getMethodArgs())) {
          shows.increment();
        }
      }
    }
  }

  private static boolean isShow(Object[] args) {
    return args != null
        && args.length > 0
        && args[0] instanceof String sql
        && sql.stripLeading().regionMatches(true, 0, "SHOW", 0, 4);
  }

  static boolean isExecution(Method method) {
    return method.getName().startsWith("execute")
        && Statement.class.isAssignableFrom(method.getDeclaringClass());
  }
}
