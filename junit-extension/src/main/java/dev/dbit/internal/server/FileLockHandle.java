package dev.dbit.internal.server;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * A lock on a file that coordinates JVMs sharing {@code dbit.embedded.dir} and the threads of one
 * JVM. An OS file lock alone does not do the second: a JVM holds it once, and a second {@code
 * FileChannel.lock} on the same file in the same JVM throws {@code OverlappingFileLockException}
 * instead of waiting (two launcher sessions in one JVM start servers at the same time, for example
 * a test that runs other tests through the EngineTestKit).
 */
final class FileLockHandle implements AutoCloseable {
  private static final Map<Path, Semaphore> IN_THIS_JVM = new ConcurrentHashMap<>();

  private final Semaphore threads;
  private final FileChannel channel;
  private final FileLock lock;

  private FileLockHandle(Semaphore threads, FileChannel channel, FileLock lock) {
    this.threads = threads;
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits until no thread of this JVM and no other JVM holds the lock. */
  static FileLockHandle lock(Path file) throws IOException {
    Semaphore threads = threadLock(file);
    threads.acquireUninterruptibly();
    try {
      FileChannel channel = open(file);
      try {
        return new FileLockHandle(threads, channel, channel.lock());
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      threads.release();
      throw e;
    }
  }

  /** Takes the lock if no thread of this JVM and no other JVM holds it. */
  static Optional<FileLockHandle> tryLock(Path file) throws IOException {
    Semaphore threads = threadLock(file);
    if (!threads.tryAcquire()) {
      return Optional.empty();
    }
    try {
      FileChannel channel = open(file);
      FileLock lock = channel.tryLock();
      if (lock != null) {
        return Optional.of(new FileLockHandle(threads, channel, lock));
      }
      channel.close();
    } catch (IOException | RuntimeException e) {
      threads.release();
      throw e;
    }
    threads.release();
    return Optional.empty();
  }

  /** A permit, not an owned lock: a slot is often released by another thread than took it. */
  private static Semaphore threadLock(Path file) {
    return IN_THIS_JVM.computeIfAbsent(file.toAbsolutePath().normalize(), key -> new Semaphore(1));
  }

  private static FileChannel open(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      try {
        channel.close();
      } finally {
        threads.release();
      }
    }
  }
}
