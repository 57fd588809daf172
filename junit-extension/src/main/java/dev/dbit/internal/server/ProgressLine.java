package dev.dbit.internal.server;

import java.lang.System.Logger.Level;

/** Prints one line when a slow step (unpacking, migrating) takes longer than a second. */
public final class ProgressLine {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final long PATIENCE_MS = 1000;

  private ProgressLine() {}

  /** A step that may throw. */
  @FunctionalInterface
  public interface Step<E extends Exception> {
    void run() throws E;
  }

  /** Runs {@code step}; if it is still running after a second, says what dbit is doing. */
  public static <E extends Exception> void whileRunning(String what, Step<E> step) throws E {
    long start = System.nanoTime();
    Thread announcer =
        new Thread(
            () -> {
              try {
                Thread.sleep(PATIENCE_MS);
                LOG.log(Level.INFO, "dbit: " + what + " ...");
              } catch (InterruptedException e) {
                // Finished in time.
              }
            },
            "dbit-progress");
    announcer.setDaemon(true);
    announcer.start();
    try {
      step.run();
    } finally {
      announcer.interrupt();
      long ms = (System.nanoTime() - start) / 1_000_000;
      if (ms >= PATIENCE_MS) {
        LOG.log(Level.INFO, "dbit: " + what + " took " + ms + " ms");
      }
    }
  }
}
