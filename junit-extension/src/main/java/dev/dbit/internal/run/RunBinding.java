package dev.dbit.internal.run;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which run the test class on each thread holds, for code that JUnit's stores cannot reach: a
 * Spring application context is cached across test classes, so the DataSource it holds asks here,
 * on every connection, for the schema of the class running on the caller's thread.
 *
 * <p>A mutable static, one of the few in dbit (with the binary-log followers, the log position
 * query a server answers, the Spring contexts already warned about, the file locks of this JVM and
 * the cache of normalized statements): the thread is the only handle a cached Spring context and a
 * JUnit test class share. A class binds its run when it takes it and unbinds it when it gives it
 * back.
 */
public final class RunBinding {
  private static final Map<Thread, WorkerRun> RUNS = new ConcurrentHashMap<>();

  /** How the class about to start on each thread takes its run, until it has. */
  private static final Map<Thread, FirstUse> STARTING = new ConcurrentHashMap<>();

  private RunBinding() {}

  /** How a class takes its run and starts its state. */
  @FunctionalInterface
  public interface FirstUse {
    WorkerRun take() throws SQLException;
  }

  /**
   * The class about to start on this thread takes its run by {@code take} when something needs it
   * first: dbit's own {@code beforeAll}, or earlier Spring's, when its extension comes first and a
   * script runs before the class ({@code @Sql(executionPhase = BEFORE_TEST_CLASS)}).
   */
  public static void onFirstUse(FirstUse take) {
    STARTING.put(Thread.currentThread(), take);
  }

  /** The class on this thread took its run, or will not: nothing is pending any more. */
  public static void firstUseDone() {
    STARTING.remove(Thread.currentThread());
  }

  /** The run of the class on this thread, taken now if it has not been yet. */
  public static Optional<WorkerRun> takenOnThisThread() throws SQLException {
    FirstUse take = STARTING.remove(Thread.currentThread());
    return take != null ? Optional.of(take.take()) : ofThisThread();
  }

  /** Binds {@code run} to the calling thread, the thread its test class runs on. */
  public static void bind(WorkerRun run) {
    RUNS.put(Thread.currentThread(), run);
  }

  /** Removes every binding of {@code run}. */
  public static void unbind(WorkerRun run) {
    RUNS.values().removeIf(bound -> bound == run);
  }

  /** The run bound to the calling thread, if its test class holds one. */
  public static Optional<WorkerRun> ofThisThread() {
    return Optional.ofNullable(RUNS.get(Thread.currentThread()));
  }

  /**
   * The run a connection asked for on the calling thread belongs to: the thread's own, else the
   * only run bound at all (a web server's or an executor's thread serving the one class that runs).
   *
   * @throws SQLException when no class holds a run, or several do and the thread is none of theirs
   */
  public static WorkerRun forConnection() throws SQLException {
    Optional<WorkerRun> own = takenOnThisThread();
    if (own.isPresent()) {
      return own.get();
    }
    List<WorkerRun> runs = RUNS.values().stream().distinct().toList();
    if (runs.size() == 1) {
      return runs.get(0);
    }
    if (runs.isEmpty()) {
      throw new SQLException(
          "dbit: thread "
              + Thread.currentThread().getName()
              + " asked dbit's DataSource for a connection while no @DbIntegrationTest class"
              + " runs. Spring's DataSource is dbit's test schema only while a dbit test class"
              + " runs: open connections from the test, its lifecycle methods, or the beans they"
              + " call.");
    }
    String why =
        "dbit: thread "
            + Thread.currentThread().getName()
            + " asked dbit's DataSource for a connection, but it runs no test class and "
            + runs.size()
            + " dbit classes run in parallel, each on a schema of its own ("
            + String.join(", ", runs.stream().map(WorkerRun::testSchema).sorted().toList())
            + "); dbit cannot tell whose schema it means. Run a class whose application works on"
            + " threads of its own (a web server on a real port, @Async) alone: annotate it with"
            + " JUnit's @Isolated.";
    runs.forEach(run -> run.boundary().refusedAConnection(why));
    throw new SQLException(why);
  }
}
