package dev.dbit.internal.measure;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.util.concurrent.atomic.AtomicBoolean;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;

/**
 * Notices a {@code Connection.rollback()} on a connection dbit handed out, as Spring's test
 * transactions end. The server's row counters move on a rollback too, so after one the next reset
 * asks the flagged tables whether they still differ instead of cleaning them all.
 */
public final class RollbackWatch implements MethodExecutionListener {
  private final AtomicBoolean seen = new AtomicBoolean();

  @Override
  public void beforeMethod(MethodExecutionContext context) {
    // Counted once the rollback has returned.
  }

  @Override
  public void afterMethod(MethodExecutionContext context) {
    Method method = context.getMethod();
    if (Connection.class.isAssignableFrom(method.getDeclaringClass())
        && method.getName().equals("rollback")
        && method.getParameterCount() == 0
        && context.getThrown() == null) {
      seen.set(true);
    }
  }

  /** True once since the last call when a rollback returned. */
  public boolean takeSeen() {
    return seen.getAndSet(false);
  }
}
