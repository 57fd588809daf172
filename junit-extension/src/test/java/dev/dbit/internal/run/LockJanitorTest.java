package dev.dbit.internal.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which entries of the server's transaction list the driver's own flag may overrule. */
class LockJanitorTest {
  /**
   * Seen in a CI run with parallel classes: a committed transaction still listed, with the table it
   * wrote counted as locked. The driver's flag decides for it.
   */
  @Test
  void aListedTransactionWithRowsIsNotATableLockAlone() {
    LockJanitor.OpenTransaction stale =
        new LockJanitor.OpenTransaction(5, "2026-12-02 03:23:17", 2, 3, 1);

    assertThat(stale.onlyTablesLocked()).isFalse();
  }

  /** LOCK TABLES under autocommit = 0: no transaction the driver would see, yet a lock. */
  @Test
  void aTableLockWithoutRowsIsOne() {
    assertThat(new LockJanitor.OpenTransaction(7, "now", 0, 0, 1).onlyTablesLocked()).isTrue();
  }

  /**
   * Seen with eight runs at once on one server: a transaction listed with a table and no row, on a
   * connection whose driver saw it end, while no table of the schema was locked: a stale entry (the
   * list was refreshed while a statement had its table lock and no row yet), not LOCK TABLES.
   */
  @Test
  void aTableLockWithoutRowsIsALeakOnlyWhileATableIsLocked() {
    LockJanitor.OpenTransaction listed = new LockJanitor.OpenTransaction(7, "now", 0, 0, 1);

    assertThat(listed.leakGiven(Optional.of(false), false, true)).isFalse();
    assertThat(listed.leakGiven(Optional.of(false), true, true)).isTrue();
    assertThat(listed.leakGiven(Optional.of(true), false, true)).isTrue();
  }

  @Test
  void aListedTransactionWithRowsIsOneOnlyIfTheDriverSaysSo() {
    LockJanitor.OpenTransaction listed = new LockJanitor.OpenTransaction(5, "now", 2, 3, 1);

    assertThat(listed.leakGiven(Optional.of(false), true, true)).isFalse();
    assertThat(listed.leakGiven(Optional.of(true), false, false)).isTrue();
  }

  /**
   * A connection dbit did not hand out has no driver to ask: only a copy of the list taken after
   * the look began may end it. A stale copy can show a transaction committed long ago (parallel
   * runs reading the list keep it from being refreshed); then the next reset's lock wait decides.
   */
  @Test
  void aConnectionDbitDidNotHandOutIsEndedOnAFreshListOnly() {
    LockJanitor.OpenTransaction listed = new LockJanitor.OpenTransaction(5, "now", 2, 3, 1);

    assertThat(listed.leakGiven(Optional.empty(), false, true)).isTrue();
    assertThat(listed.leakGiven(Optional.empty(), true, false)).isFalse();
  }
}
