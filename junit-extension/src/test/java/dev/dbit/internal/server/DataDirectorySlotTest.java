package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirectorySlotTest {

  @Test
  void concurrentHoldersGetDifferentDirectories(@TempDir Path root) {
    try (DataDirectorySlot first = DataDirectorySlot.acquire(root);
        DataDirectorySlot second = DataDirectorySlot.acquire(root)) {
      assertThat(first.dataDir()).isEqualTo(root.resolve("slot-1").resolve("data"));
      assertThat(second.dataDir()).isEqualTo(root.resolve("slot-2").resolve("data"));
    }
  }

  @Test
  void aReleasedSlotIsReusedSoItsDataSurvives(@TempDir Path root) {
    Path firstDir;
    try (DataDirectorySlot first = DataDirectorySlot.acquire(root)) {
      firstDir = first.dataDir();
    }
    try (DataDirectorySlot again = DataDirectorySlot.acquire(root)) {
      assertThat(again.dataDir()).isEqualTo(firstDir);
    }
  }
}
