package dev.dbit.internal.run;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where one test begins and ends when two frameworks wrap it: dbit's JUnit callbacks and Spring's
 * test transaction. Spring opens its transaction in its own {@code beforeEach} and rolls it back in
 * its {@code afterEach}; whichever order the annotations give the two extensions, the reset must
 * come before that transaction and the end of the measurement after it. So the first of the two to
 * see a test begins it, and the last ends it.
 *
 * <p>One per run; a run serves one test at a time, on its class's thread. It also carries a
 * connection refused to a thread of no test class to the test that runs then.
 */
public final class TestBoundary {
  /** Ends a test: the work dbit's {@code afterEach} would have done. */
  @FunctionalInterface
  public interface Ending {
    void end() throws Exception;
  }

  private boolean springStarted;
  private boolean springEnded;
  private OptionalDouble resetBySpring = OptionalDouble.empty();
  private Ending deferred;
  private final AtomicReference<String> refusedConnection = new AtomicReference<>();

  /**
   * Notes that a thread of no test class asked dbit's DataSource for a connection while this run
   * and others were bound, so the current test fails with the reason instead of a 500 later.
   */
  void refusedAConnection(String why) {
    refusedConnection.compareAndSet(null, why);
  }

  /** The reason noted by {@link #refusedAConnection} since the last call, if any. */
  public Optional<String> takeRefusedConnection() {
    return Optional.ofNullable(refusedConnection.getAndSet(null));
  }

  /** Spring's listener saw the test start; {@code resetMillis} when it began the test itself. */
  public synchronized void springStarted(OptionalDouble resetMillis) {
    springStarted = true;
    springEnded = false;
    resetBySpring = resetMillis;
  }

  /** The reset Spring's listener ran for the current test, for dbit's report entry. */
  public synchronized OptionalDouble takeResetBySpring() {
    OptionalDouble reset = resetBySpring;
    resetBySpring = OptionalDouble.empty();
    return reset;
  }

  /**
   * dbit's {@code afterEach} is ready to end the test: ends it now, or later, when Spring's
   * listener is still to roll back its transaction.
   */
  public void end(Ending ending) throws Exception {
    synchronized (this) {
      if (springStarted && !springEnded) {
        deferred = ending;
        return;
      }
      clear();
    }
    ending.end();
  }

  /** Spring's listener is done with the test (its transaction rolled back): ends a deferred end. */
  public void springEnded() throws Exception {
    Ending ending;
    synchronized (this) {
      springEnded = true;
      ending = deferred;
      if (ending == null) {
        return;
      }
      clear();
    }
    ending.end();
  }

  private void clear() {
    springStarted = false;
    springEnded = false;
    deferred = null;
    resetBySpring = OptionalDouble.empty();
  }
}
