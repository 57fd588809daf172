package dev.dbit.internal.server;

import java.util.ArrayList;
import java.util.List;

/**
 * The row-based binary log both embedded servers keep: full row images, unsynced, kept for an hour,
 * so that dbit can follow it to restore a large table by the rows tests changed.
 */
final class BinaryLogOptions {
  private static final List<String> SERVER_OPTIONS =
      List.of(
          "--log-bin=dbit-binlog",
          "--server-id=1",
          "--binlog-format=ROW",
          "--binlog-row-image=FULL",
          "--binlog-expire-logs-seconds=3600",
          "--max-binlog-size=67108864",
          "--sync-binlog=0");

  private BinaryLogOptions() {}

  /** These options, then {@code others}. */
  static List<String> plus(String... others) {
    List<String> all = new ArrayList<>(SERVER_OPTIONS);
    all.addAll(List.of(others));
    return List.copyOf(all);
  }
}
