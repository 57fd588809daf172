package dev.dbit.internal.extension;

import dev.dbit.internal.run.RunBinding;
import dev.dbit.internal.run.WorkerRun;
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
  private final Supplier<WorkerRun> starter;
  private final Deque<WorkerRun> idle = new ArrayDeque<>();
  private final List<WorkerRun> all = new ArrayList<>();
  private RuntimeException failure;

  Workers(Supplier<WorkerRun> starter) {
    this.starter = starter;
  }

  /** A run no other class is using, bound to this thread until the lease is closed. */
  Lease lease() {
    WorkerRun run = idleOrNew();
    RunBinding.bind(run);
    return new Lease(this, run);
  }

  /**
   * A run no other class is using; starts one when all are taken. Starts run outside the lock, so
   * that classes starting together copy their schemas at the same time (the server locks that
   * separate forks keep them apart).
   */
  private WorkerRun idleOrNew() {
    synchronized (this) {
      if (failure != null) {
        throw failure;
      }
      WorkerRun run = idle.poll();
      if (run != null) {
        return run;
      }
    }
    WorkerRun run;
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

  synchronized void release(WorkerRun run) {
    idle.push(run);
  }

  @Override
  public synchronized void close() {
    all.forEach(WorkerRun::close);
  }

  /**
   * One class's run, bound to the class's thread ({@link RunBinding}) and given back when the class
   * is done (JUnit closes it with the class).
   */
  record Lease(Workers workers, WorkerRun run) implements AutoCloseable {
    @Override
    public void close() {
      RunBinding.unbind(run);
      workers.release(run);
    }
  }
}
