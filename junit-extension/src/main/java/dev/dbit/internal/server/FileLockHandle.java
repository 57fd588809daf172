package dev.dbit.internal.server;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/** An OS file lock that coordinates JVMs sharing {@code dbit.embedded.dir}. */
final class FileLockHandle implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private FileLockHandle(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits until the lock is free. */
  static FileLockHandle lock(Path file) throws IOException {
    FileChannel channel = open(file);
    try {
      return new FileLockHandle(channel, channel.lock());
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** Takes the lock if no JVM (this one included) holds it. */
  static Optional<FileLockHandle> tryLock(Path file) throws IOException {
    FileChannel channel = open(file);
    try {
      FileLock lock = channel.tryLock();
      if (lock != null) {
        return Optional.of(new FileLockHandle(channel, lock));
      }
    } catch (OverlappingFileLockException e) {
      // Held by this JVM already.
    }
    channel.close();
    return Optional.empty();
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
      channel.close();
    }
  }
}
