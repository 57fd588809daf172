package dev.dbit.internal.binlog;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What the binary log showed of one copy between two takes: the tables with rows written, and the
 * rows themselves as far as dbit follows them.
 *
 * @param written the tables some logged row change touched; empty when the log cannot account for
 *     the copy (a statement logged as text, such as {@code TRUNCATE} or DDL, or a follower that
 *     fell behind): only a comparison of every table is safe then
 * @param rows the keys and released values of the followed tables and cascading keys
 */
public record LogAccount(Optional<Set<String>> written, ChangedRows rows) {
  public LogAccount {
    written = written.map(Set::copyOf);
  }

  /** An account of nothing written. */
  public static LogAccount nothing() {
    return new LogAccount(Optional.of(Set.of()), ChangedRows.unknown());
  }

  /** The log cannot account for the copy. */
  static LogAccount unknown() {
    return new LogAccount(Optional.empty(), ChangedRows.unknown());
  }

  /** Whether the log accounts for every change. */
  public boolean complete() {
    return written.isPresent();
  }

  /** This account followed by {@code later}: what both showed. */
  public LogAccount and(LogAccount later) {
    if (!complete() || !later.complete()) {
      return unknown();
    }
    Set<String> both = new HashSet<>(written.get());
    both.addAll(later.written.get());
    ChangedRows merged =
        written.get().isEmpty()
            ? later.rows
            : later.written.get().isEmpty() ? rows : rows.and(later.rows);
    return new LogAccount(Optional.of(both), merged);
  }
}
