package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The one between-tests algorithm, for every server; what differs per server is its {@link
 * ChangeReader}, the run's one change source. The engine sends every request that changes the
 * schema ({@link Cleanups}); a reader only reads, and says what its reading means.
 *
 * <ol>
 *   <li>End reading (one request): the test's counters and the tables it changed.
 *   <li>Before the next test: when the end reading named no table, the reader's gate asks whether
 *       anything changed since (one request, which starts the next test when nothing did).
 *   <li>The changed set: those tables (the plan adds what their cascades reached); after a
 *       rolled-back test, only those of them and of the tables their cascades reach that still
 *       differ.
 *   <li>One request cleans them and reads again: the counters the next test starts from, and the
 *       tables written meanwhile by some other connection, cleaned by the next pass.
 *   <li>A cleanup whose triggers may have written again, a change no reader can see ({@code
 *       TRUNCATE}, DDL, a write no counter shows) or a replaced control connection: the engine
 *       probes every table instead, between the reader's {@code beforeProbe} and {@code
 *       afterProbe}.
 * </ol>
 *
 * @param <R> the reader's reading
 */
public final class ResetEngine<R extends ChangeReader.Reading> {
  /** Cleanups in a row before dbit gives up on a schema that keeps changing. */
  static final int MAX_PASSES = 5;

  private final ChangeReader<R> reader;
  private final Cleanups cleanups;
  private final UnaryOperator<Set<String>> ours;
  private final Supplier<Connection> control;
  private final ServerCounters counters;

  /** The reading that ended the last test, when no reset has followed it yet. */
  private R ended;

  private boolean distrusted;

  /** Tables a class that ended kept: the next reset gives them back the state below's rows. */
  private final Set<String> classEnded = new LinkedHashSet<>();

  /**
   * @param ours the schema's tables among those given
   * @param counters the statement counters a test is measured by, read on {@code control}
   */
  ResetEngine(
      ChangeReader<R> reader,
      Cleanups cleanups,
      UnaryOperator<Set<String>> ours,
      Supplier<Connection> control,
      ServerCounters counters) {
    this.reader = reader;
    this.cleanups = cleanups;
    this.ours = ours;
    this.control = control;
    this.counters = counters.withOpenTransactions();
  }

  /**
   * The failure of a reset after {@link #MAX_PASSES} cleanups that each found new writes, in {@code
   * tables}.
   */
  static IllegalStateException keptChanging(Collection<String> tables) {
    return new IllegalStateException(
        "dbit: the test schema kept changing during "
            + MAX_PASSES
            + " reset passes: some connection keeps writing between tests, or triggers keep"
            + " writing rows while dbit deletes. Tables still changing: "
            + tables);
  }

  /** Restores the test schema and returns the counters the next test starts from. */
  public ServerCounters.Reading beforeTest() throws SQLException {
    Since<R> since = since(cleanAnyway());
    if (since.probe()) {
      return probeEverything(Optional.ofNullable(since.reading()));
    }
    R end = since.reading();
    Set<String> dirty = since.dirty();
    if (dirty.isEmpty() && !cleanAnyway()) {
      return end.start();
    }
    if (!classEnded.isEmpty()) {
      // What the class kept differs from the state below by rows no reading names: in full.
      dirty = new LinkedHashSet<>(dirty);
      dirty.addAll(classEnded);
      classEnded.clear();
      return clean(dirty, end, cleanups.planInFull(dirty));
    }
    if (reader.asksAfterRollback()) {
      Optional<Set<String>> differing = cleanups.differingAfterRollback(dirty);
      if (differing.isPresent()) {
        dirty = differing.get();
        if (dirty.isEmpty() && !cleanups.countersToReset()) {
          reader.restoredAt(end);
          return end.start();
        }
      }
    }
    return clean(dirty, end, cleanups.planAfterTest(dirty));
  }

  /**
   * What changed since the base: the tables the end reading named, else the gate's (which it takes
   * as the base when it names none); or that only a probe of every table can tell, with the reading
   * that asked for it.
   */
  private record Since<R>(R reading, Set<String> dirty, boolean probe) {}

  private Since<R> since(boolean cleanAnyway) throws SQLException {
    R end = ended;
    ended = null;
    if (distrusted || (end != null && end.probe())) {
      return new Since<>(distrusted ? null : end, Set.of(), true);
    }
    Set<String> dirty = end == null ? Set.of() : dirty(end);
    if (!dirty.isEmpty()) {
      return new Since<>(end, dirty, false);
    }
    R gate = reader.gate(Optional.ofNullable(end), cleanAnyway);
    return new Since<>(gate, gate.probe() ? Set.of() : dirty(gate), gate.probe());
  }

  private boolean cleanAnyway() {
    return cleanups.countersToReset() || !classEnded.isEmpty();
  }

  /**
   * Before a class's first test: what changed since the last reset (the class's setup) becomes the
   * state its tests start from, instead of being cleaned.
   *
   * @return the counters the test starts from
   */
  public ServerCounters.Reading keepClassState() throws SQLException {
    Since<R> since = since(false);
    if (since.probe()) {
      return keepProbed(Optional.ofNullable(since.reading()));
    }
    Set<String> dirty = since.dirty();
    if (dirty.isEmpty()) {
      return since.reading().start();
    }
    CleanupPlan keep = cleanups.keepPlan(dirty);
    R after = run(reader.cleanup(keep, since.reading()));
    cleanups.kept(keep);
    if (after.probe()) {
      return probeEverything(Optional.empty());
    }
    return after.changed() == null || after.changed().isEmpty()
        ? after.start()
        : clean(dirty(after), after, cleanups.planAfterTest(dirty(after)));
  }

  /** {@link #keepClassState} where only a probe of every table can tell what changed. */
  private ServerCounters.Reading keepProbed(Optional<R> gate) throws SQLException {
    distrusted = false;
    reader.beforeProbe();
    List<String> differing = cleanups.differingTables();
    if (!differing.isEmpty()) {
      CleanupPlan keep = cleanups.keepPlan(differing);
      cleanups.clean(keep, "", rows -> null);
      cleanups.kept(keep);
    }
    return reader.afterProbe(gate);
  }

  /**
   * Cleans {@code dirty} by {@code first}, then what other connections wrote meanwhile, pass after
   * pass.
   */
  private ServerCounters.Reading clean(Set<String> dirty, R end, CleanupPlan first)
      throws SQLException {
    R before = end;
    for (int pass = 1; pass <= MAX_PASSES; pass++) {
      // Later passes compare large tables in full: no reading names the rows written meanwhile.
      CleanupPlan plan = pass == 1 ? first : cleanups.plan(dirty);
      R after = run(reader.cleanup(plan, before));
      if (plan.needsConfirmation() || after.probe()) {
        // A chain of triggers may have written again, or the reader saw a change it cannot place.
        return probeEverything(Optional.empty());
      }
      if (after.changed() == null || after.changed().isEmpty()) {
        return after.start();
      }
      dirty = dirty(after);
      before = after;
    }
    throw keptChanging(dirty);
  }

  /** The schema's tables {@code reading} names as changed. */
  private Set<String> dirty(R reading) {
    Set<String> changed = reading.changed();
    return changed == null ? Set.of() : ours.apply(new LinkedHashSet<>(changed));
  }

  /** Runs {@code cleanup} in one request and makes the reader's reading of it. */
  private <T> R run(ChangeReader.Cleanup<T, R> cleanup) throws SQLException {
    return cleanup
        .after()
        .apply(cleanups.clean(cleanup.plan(), cleanup.readingSql(), cleanup.reader()));
  }

  private ServerCounters.Reading probeEverything(Optional<R> gate) throws SQLException {
    distrusted = false;
    ended = null;
    reader.beforeProbe();
    if (!classEnded.isEmpty()) {
      // A probe cannot see them all: a key table or the log accounts only for later rows.
      cleanups.clean(cleanups.planInFull(classEnded), "", rows -> null);
      classEnded.clear();
    }
    cleanups.probeEverything();
    return reader.afterProbe(gate);
  }

  /**
   * The end of a test.
   *
   * @param counters the counters at its end
   * @param openTransactions some connection other than dbit's may hold locks or changes
   */
  public record AfterTest(ServerCounters.Reading counters, boolean openTransactions) {}

  /** Reads the counters that end a test and notes what it changed for the next reset. */
  public AfterTest afterTest() throws SQLException {
    R end = reader.end();
    ended = end;
    return new AfterTest(end.start(), end.openTransactions());
  }

  /**
   * The running class ended: its state goes, and the next reset gives the tables it kept back the
   * rows of the state below.
   */
  public void leaveClass() {
    classEnded.addAll(cleanups.leaveClass());
  }

  /** Reads the counters now, in the middle of a test. */
  public ServerCounters.Reading peek() throws SQLException {
    return counters.read(control.get());
  }

  /**
   * A statement no change source may see ran ({@code TRUNCATE}, DDL, {@code LOCK TABLES}) on a
   * connection dbit handed out: the next reset probes every table.
   */
  public void distrust() {
    distrusted = true;
  }

  /** The control connection was replaced: the next reset must not trust what it knew. */
  public void controlReconnected() throws SQLException {
    distrusted = true;
    reader.controlReconnected();
  }

  /** A short name for logs: how this engine finds changed tables. */
  public String describe() {
    return reader.describe();
  }
}
