package dev.dbit.internal.server;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One of several data directories for the embedded server, held exclusively by one JVM.
 *
 * <p>Two builds running at the same time each lock their own slot, so neither touches the other's
 * files; a slot is reused by the next run, which keeps its migrated template.
 */
final class DataDirectorySlot implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(DataDirectorySlot.class.getName());
  static final int MAX_SLOTS = 16;

  private final Path dir;
  private final FileLockHandle lock;

  private DataDirectorySlot(Path dir, FileLockHandle lock) {
    this.dir = dir;
    this.lock = lock;
  }

  static DataDirectorySlot acquire(Path root) {
    try {
      for (int slot = 1; slot <= MAX_SLOTS; slot++) {
        Path dir = root.resolve("slot-" + slot);
        Optional<FileLockHandle> lock =
            FileLockHandle.tryLock(root.resolve("slot-" + slot + ".lock"));
        if (lock.isPresent()) {
          Files.createDirectories(dir.resolve("data"));
          Files.createDirectories(dir.resolve("tmp"));
          return new DataDirectorySlot(dir, lock.get());
        }
      }
    } catch (IOException e) {
      throw new ServerStartException(
          "dbit: cannot use "
              + root
              + " for the embedded server's data ("
              + e.getMessage()
              + "). Make it writable or point dbit.embedded.dir elsewhere.",
          e);
    }
    throw new ServerStartException(
        "dbit: all "
            + MAX_SLOTS
            + " embedded data directories under "
            + root
            + " are in use by other running JVMs. Wait for them to finish or set"
            + " dbit.embedded.dir to another directory.");
  }

  Path dataDir() {
    return dir.resolve("data");
  }

  Path tmpDir() {
    return dir.resolve("tmp");
  }

  Path pidFile() {
    return dir.resolve("mariadbd.pid");
  }

  /** The slot's own directory, for files a server keeps beside its data (socket, error log). */
  Path dir() {
    return dir;
  }

  /**
   * Stops a server left running on this slot by a JVM that died without stopping it. The slot's
   * lock is ours, so no live build owns that process.
   */
  void stopOrphanedServer() {
    Path pidFile = pidFile();
    if (!Files.exists(pidFile)) {
      return;
    }
    try {
      long pid = Long.parseLong(Files.readString(pidFile).trim());
      Optional<ProcessHandle> process = ProcessHandle.of(pid);
      boolean isMariaDb =
          process
              .flatMap(p -> p.info().command())
              .map(command -> command.contains("mariadbd") || command.contains("mysqld"))
              .orElse(false);
      if (isMariaDb) {
        LOG.log(Level.INFO, "dbit: stopping MariaDB (pid {0}) left running by an earlier run", pid);
        ProcessHandle handle = process.get();
        handle.destroy();
        handle.onExit().get(Duration.ofSeconds(20).toMillis(), TimeUnit.MILLISECONDS);
      }
      Files.deleteIfExists(pidFile);
    } catch (IOException | NumberFormatException e) {
      LOG.log(Level.DEBUG, "dbit: ignoring unreadable pid file " + pidFile, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new ServerStartException(
          "dbit: a MariaDB left running by an earlier run on "
              + dir
              + " did not stop within 20 s."
              + " Stop it by hand (see "
              + pidFile
              + ") and run again.",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServerStartException("dbit: interrupted while stopping an orphaned MariaDB", e);
    }
  }

  @Override
  public void close() {
    try {
      lock.close();
    } catch (IOException e) {
      LOG.log(Level.DEBUG, "dbit: could not release " + dir, e);
    }
  }
}
