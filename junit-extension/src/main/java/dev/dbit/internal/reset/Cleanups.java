package dev.dbit.internal.reset;

import dev.dbit.internal.jdbc.MultiStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** What the reset engine asks of the restorer: plans, and the questions a plan depends on. */
interface Cleanups {

  /** Whether the next cleanup must run even without a changed table ({@code AUTO_INCREMENT}). */
  boolean countersToReset();

  /**
   * After a test that rolled back a transaction: those of {@code flagged} that differ from the
   * template; empty when no rollback was seen.
   */
  Optional<Set<String>> differingAfterRollback(Set<String> flagged) throws SQLException;

  /** The plan that restores {@code dirty} by comparing large tables in full. */
  CleanupPlan plan(Collection<String> dirty);

  /**
   * The plan that compares every table of {@code dirty} with its origin in full, whatever a change
   * source recorded of its rows: for the tables a class that ended kept.
   */
  CleanupPlan planInFull(Collection<String> dirty);

  /** The plan for the first cleanup after a test: large tables by the rows it changed. */
  CleanupPlan planAfterTest(Collection<String> dirty) throws SQLException;

  /**
   * Runs {@code plan} and {@code readingSql} in one request.
   *
   * @return what {@code reader} made of the request's last result
   */
  <T> T clean(CleanupPlan plan, String readingSql, MultiStatement.Reader<T> reader)
      throws SQLException;

  /** Restores every table that differs from the template, found by probing every table. */
  void probeEverything() throws SQLException;

  /** The tables that differ from the state resets restore to, by one probe of every table. */
  List<String> differingTables() throws SQLException;

  /** The plan that keeps {@code dirty} (and what cascades reach) as a class's starting state. */
  CleanupPlan keepPlan(Collection<String> dirty) throws SQLException;

  /** {@code keep} ran: its tables come back from the class's starting state from now on. */
  void kept(CleanupPlan keep) throws SQLException;

  /** The running class's state goes; returns the tables it kept. */
  Set<String> leaveClass();
}
