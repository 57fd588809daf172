package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two threads of one JVM on one lock file: the OS lock alone throws {@code
 * OverlappingFileLockException} at the second (which failed every class of a parallel run whose
 * servers started at the same time); the handle makes the second wait.
 */
class FileLockHandleTest {
  @TempDir Path dir;

  @Test
  @SuppressWarnings("try") // the locks are held for their blocks, never read
  void aSecondThreadWaitsForTheLockInsteadOfFailing() throws Exception {
    Path file = dir.resolve("binaries.lock");
    CountDownLatch secondTookIt = new CountDownLatch(1);
    CompletableFuture<Void> second;
    try (FileLockHandle first = FileLockHandle.lock(file)) {
      second =
          CompletableFuture.runAsync(
              () -> {
                try (FileLockHandle lock = FileLockHandle.lock(file)) {
                  secondTookIt.countDown();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      assertThat(secondTookIt.await(300, TimeUnit.MILLISECONDS))
          .as("second thread took a lock the first still holds")
          .isFalse();
    }
    second.get(30, TimeUnit.SECONDS);
    assertThat(secondTookIt.getCount()).isZero();
  }

  @Test
  void tryLockFromAnotherThreadSeesTheLockTakenAndAnotherThreadMayRelease() throws Exception {
    Path file = dir.resolve("slot-1.lock");
    FileLockHandle held = FileLockHandle.tryLock(file).orElseThrow();
    assertThat(CompletableFuture.supplyAsync(() -> tryLock(file)).get(30, TimeUnit.SECONDS))
        .isFalse();
    CompletableFuture.runAsync(() -> close(held)).get(30, TimeUnit.SECONDS);
    try (FileLockHandle again = FileLockHandle.tryLock(file).orElseThrow()) {
      assertThat(again).isNotNull();
    }
  }

  private static boolean tryLock(Path file) {
    try {
      var lock = FileLockHandle.tryLock(file);
      lock.ifPresent(FileLockHandleTest::close);
      return lock.isPresent();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void close(FileLockHandle lock) {
    try {
      lock.close();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
