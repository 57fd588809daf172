package dev.dbit.internal.extension;

import dev.dbit.internal.DbitRun;
import dev.dbit.internal.RunBinding;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/**
 * The runs of one execution request: one per test class running at the same time (JUnit parallel
 * execution), each with its own test schema, control connection and pool; a class that starts later
 * takes a run another class has finished with. A run that fails to start fails every class at once
 * with the same error.
 */
final class Workers implements AutoCloseable {
  private final Supplier<DbitRun> starter;
  private final Deque<DbitRun> idle = new ArrayDeque<>();
  private final List<DbitRun> all = new ArrayList<>();
  private RuntimeException failure;

  Workers(Supplier<DbitRun> starter) {
    this.starter = starter;
  }

  /** A run no other class is using, bound to this thread until the lease is closed. */
  Lease lease() {
    DbitRun run = idleOrNew();
    RunBinding.bind(run);
    return new Lease(this, run);
  }

  /**
   * A run no other class is using; starts one when all are taken. Starts run outside the lock, so
   * that classes starting together copy their schemas at the same time (the server locks that
   * separate forks keep them apart).
   */
  private DbitRun idleOrNew() {
    synchronized (this) {
      if (failure != null) {
        throw failure;
      }
      DbitRun run = idle.poll();
      if (run != null) {
        return run;
      }
    }
    DbitRun run;
    try {
      run = starter.get();
    } catch (RuntimeException e) {
      synchronized (this) {
        failure = failure == null ? e : failure;
      }
      throw e;
    }
    synchronized (this) {
      all.add(run);
    }
    return run;
  }

  synchronized void release(DbitRun run) {
    idle.push(run);
  }

  @Override
  public synchronized void close() {
    all.forEach(DbitRun::close);
  }

  /**
   * One class's run, bound to the class's thread ({@link RunBinding}) and given back when the class
   * is done (JUnit closes it with the class).
   */
  record Lease(Workers workers, DbitRun run) implements AutoCloseable {
    @Override
    public void close() {
      RunBinding.unbind(run);
      workers.release(run);
    }
  }
}
