package dev.dbit.internal.reset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.measure.TestConnections;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The reset engine's decisions on synthetic readings: what it cleans, when it asks the gate, when
 * it probes every table, and which counters start the next test. The end-to-end proofs
 * (ResetNeverMissesTest) run the same engine against real servers.
 */
class ResetEngineTest {
  /** {@code parent}'s rows cascade to {@code child}. */
  private static final Map<String, Set<String>> CASCADES = Map.of("parent", Set.of("child"));

  private final FakeReader reader = new FakeReader();
  private final FakeCleanups cleanups = new FakeCleanups();
  private final ResetEngine<Fake> engine =
      new ResetEngine<>(
          reader,
          cleanups,
          changed -> {
            Set<String> all = new TreeSet<>(changed);
            changed.forEach(t -> all.addAll(CASCADES.getOrDefault(t, Set.of())));
            all.remove("not_in_schema");
            return all;
          },
          () -> {
            throw new AssertionError("no test here reads the counters in the middle of a test");
          },
          ServerCounters.of(false, new TestConnections(false)));

  @Test
  void whatAClassSetUpBeforeItsFirstTestIsKeptNotCleaned() throws Exception {
    reader.gates.add(fake(1, Set.of("parent")));
    reader.cleanings.add(fake(2, Set.of()));

    assertThat(engine.keepClassState().questions()).isEqualTo(2);
    assertThat(cleanups.kept).containsExactly(List.of("child", "parent"));
    assertThat(cleanups.planned).isEmpty();
  }

  @Test
  void aClassThatSetUpNothingKeepsNothingAndCostsTheGateAlone() throws Exception {
    reader.gates.add(fake(1, Set.of()));

    assertThat(engine.keepClassState().questions()).isEqualTo(1);
    assertThat(cleanups.kept).isEmpty();
  }

  @Test
  void whereOnlyAProbeCanTellTheClassKeepsWhatTheProbeFinds() throws Exception {
    reader.gates.add(new Fake(counters(1), Set.of(), true));
    cleanups.probed = List.of("a");

    engine.keepClassState();

    assertThat(cleanups.kept).containsExactly(List.of("a"));
    assertThat(cleanups.planned).as("nothing cleaned").isEmpty();
    assertThat(reader.probedAfterGate).isTrue();
  }

  @Test
  void writesMeanwhileAreCleanedAfterTheKeepAgainstTheClassState() throws Exception {
    reader.gates.add(fake(1, Set.of("a")));
    reader.cleanings.add(fake(2, Set.of("b")));
    reader.cleanings.add(fake(3, Set.of()));

    assertThat(engine.keepClassState().questions()).isEqualTo(3);
    assertThat(cleanups.kept).containsExactly(List.of("a"));
    assertThat(cleanups.planned).containsExactly(List.of("b"));
  }

  @Test
  void whatAnEndedClassKeptIsCleanedInFullEvenWhenNoReadingNamesIt() throws Exception {
    reader.ends.add(fake(1, Set.of()));
    reader.gates.add(fake(2, Set.of()));
    reader.cleanings.add(fake(3, Set.of()));
    cleanups.differing = Optional.of(Set.of());
    engine.afterTest();
    cleanups.keptByClass = Set.of("kept");
    engine.leaveClass();

    engine.beforeTest();

    assertThat(cleanups.planned).containsExactly(List.of("kept"));
    assertThat(cleanups.firstPassPlans).as("no plan by the rows a reading named").isZero();
    assertThat(cleanups.inFullPlans).isEqualTo(1);
    assertThat(reader.gateCleanAnyway).containsExactly(true);
  }

  @Test
  void whatAnEndedClassKeptIsCleanedBeforeAProbeWhichCannotSeeItAll() throws Exception {
    cleanups.keptByClass = Set.of("kept");
    engine.leaveClass();
    engine.distrust();

    engine.beforeTest();

    assertThat(cleanups.planned).containsExactly(List.of("kept"));
    assertThat(cleanups.inFullPlans).isEqualTo(1);
    assertThat(reader.probes).isEqualTo(1);
  }

  @Test
  void aTestThatChangedNothingCostsTheGateAloneWhichStartsTheNextTest() throws Exception {
    reader.ends.add(fake(1, Set.of()));
    reader.gates.add(fake(2, Set.of()));
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(2);
    assertThat(cleanups.planned).isEmpty();
    assertThat(reader.probes).isZero();
  }

  @Test
  void theTablesATestChangedAreCleanedWithWhatTheirCascadesReachWithoutAGate() throws Exception {
    reader.ends.add(fake(1, Set.of("parent")));
    reader.cleanings.add(fake(3, Set.of()));
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(3);
    assertThat(cleanups.planned).containsExactly(List.of("child", "parent"));
    assertThat(cleanups.firstPassPlans).isEqualTo(1);
    assertThat(reader.gateCalls).isZero();
  }

  @Test
  void tablesWrittenMeanwhileAreCleanedByAnotherPassComparedInFull() throws Exception {
    reader.ends.add(fake(1, Set.of("a")));
    reader.cleanings.add(fake(2, Set.of("b")));
    reader.cleanings.add(fake(3, Set.of()));
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(3);
    assertThat(cleanups.planned).containsExactly(List.of("a"), List.of("b"));
    assertThat(cleanups.firstPassPlans).isEqualTo(1);
  }

  @Test
  void aSchemaThatKeepsChangingFailsTheResetAfterTheLastPass() throws Exception {
    reader.ends.add(fake(1, Set.of("a")));
    for (int pass = 0; pass < ResetEngine.MAX_PASSES; pass++) {
      reader.cleanings.add(fake(2 + pass, Set.of("b")));
    }
    engine.afterTest();

    assertThatThrownBy(engine::beforeTest).hasMessageContaining("kept changing");
    assertThat(cleanups.planned).hasSize(ResetEngine.MAX_PASSES);
  }

  @Test
  void aWriteNoCounterShowsAtTheEndSendsTheResetToAProbeOfEveryTable() throws Exception {
    reader.ends.add(new Fake(counters(1), Set.of("a"), true));
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(FakeReader.PROBED);
    assertThat(reader.probes).isEqualTo(1);
    assertThat(cleanups.planned).isEmpty();
  }

  @Test
  void aGateThatCannotPlaceAChangeSendsTheResetToAProbe() throws Exception {
    reader.ends.add(fake(1, null));
    reader.gates.add(new Fake(counters(2), Set.of(), true));
    engine.afterTest();

    engine.beforeTest();

    assertThat(reader.probes).isEqualTo(1);
    assertThat(reader.probedAfterGate).isTrue();
  }

  @Test
  void aCleanupWhoseTriggersMayHaveWrittenAgainIsConfirmedByAProbe() throws Exception {
    reader.ends.add(fake(1, Set.of("audited")));
    reader.cleanings.add(fake(2, Set.of()));
    cleanups.confirm.add("audited");
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(FakeReader.PROBED);
    assertThat(reader.probes).isEqualTo(1);
  }

  @Test
  void afterARollbackOnlyTheFlaggedTablesThatStillDifferAreCleaned() throws Exception {
    reader.ends.add(fake(1, Set.of("a", "b")));
    reader.cleanings.add(fake(2, Set.of()));
    cleanups.differing = Optional.of(Set.of("b"));
    engine.afterTest();

    engine.beforeTest();

    assertThat(cleanups.planned).containsExactly(List.of("b"));
  }

  @Test
  void aRolledBackTestWhoseTablesAllMatchTheTemplateCostsNoCleanup() throws Exception {
    reader.ends.add(fake(1, Set.of("a")));
    cleanups.differing = Optional.of(Set.of());
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(1);
    assertThat(cleanups.planned).isEmpty();
    assertThat(reader.restoredAt).isEqualTo(1);
  }

  @Test
  void aReaderWhoseMarksRollBackIsNeverAskedAboutRollbacks() throws Exception {
    reader.asksAfterRollback = false;
    reader.ends.add(fake(1, Set.of("a")));
    reader.cleanings.add(fake(2, Set.of()));
    cleanups.differing = Optional.of(Set.of());
    engine.afterTest();

    engine.beforeTest();

    assertThat(cleanups.planned).containsExactly(List.of("a"));
  }

  @Test
  void anEndReadingThatCannotTellAsksTheGate() throws Exception {
    reader.ends.add(fake(1, null));
    reader.gates.add(fake(2, Set.of("a")));
    reader.cleanings.add(fake(3, Set.of()));
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(3);
    assertThat(reader.gateEnds).containsExactly(true);
    assertThat(cleanups.planned).containsExactly(List.of("a"));
  }

  @Test
  void countersToResetCleanEvenWhenNothingChanged() throws Exception {
    cleanups.countersToReset = true;
    reader.gates.add(fake(2, Set.of()));
    reader.cleanings.add(fake(3, Set.of()));

    assertThat(engine.beforeTest().questions()).isEqualTo(3);
    assertThat(reader.gateCleanAnyway).containsExactly(true);
    assertThat(cleanups.planned).containsExactly(List.of());
  }

  @Test
  void changesOutsideTheSchemaCostTheGateAndNoCleanup() throws Exception {
    reader.ends.add(fake(1, Set.of("not_in_schema")));
    reader.gates.add(fake(2, Set.of("not_in_schema")));
    engine.afterTest();

    assertThat(engine.beforeTest().questions()).isEqualTo(2);
    assertThat(cleanups.planned).isEmpty();
  }

  @Test
  void aDistrustOrANewControlConnectionProbesAtTheNextResetOnly() throws Exception {
    engine.distrust();
    engine.beforeTest();
    engine.controlReconnected();
    engine.beforeTest();
    reader.gates.add(fake(5, Set.of()));

    assertThat(engine.beforeTest().questions()).isEqualTo(5);
    assertThat(reader.probes).isEqualTo(2);
    assertThat(reader.reconnected).isTrue();
  }

  @Test
  void theEndReadingIsUsedOnceAndTheLatestWins() throws Exception {
    reader.ends.add(fake(1, Set.of()));
    reader.ends.add(fake(2, Set.of("a")));
    reader.cleanings.add(fake(3, Set.of()));
    engine.afterTest();
    engine.afterTest();
    engine.beforeTest();
    reader.gates.add(fake(4, Set.of()));

    assertThat(engine.beforeTest().questions()).isEqualTo(4);
    assertThat(cleanups.planned).containsExactly(List.of("a"));
  }

  private static Fake fake(long questions, Set<String> changed) {
    return new Fake(counters(questions), changed, false);
  }

  private static ServerCounters.Reading counters(long questions) {
    return new ServerCounters.Reading(questions, java.util.Optional.empty(), 0, 0);
  }

  /** A synthetic reading. */
  record Fake(ServerCounters.Reading start, Set<String> changed, boolean probe)
      implements ChangeReader.Reading {
    @Override
    public boolean openTransactions() {
      return false;
    }
  }

  /** Returns the readings it was given, in order, and records what it was asked. */
  static final class FakeReader implements ChangeReader<Fake> {
    static final long PROBED = 99;
    final Deque<Fake> ends = new ArrayDeque<>();
    final Deque<Fake> gates = new ArrayDeque<>();
    final Deque<Fake> cleanings = new ArrayDeque<>();
    final List<Boolean> gateEnds = new ArrayList<>();
    final List<Boolean> gateCleanAnyway = new ArrayList<>();
    boolean asksAfterRollback = true;
    int gateCalls;
    int probes;
    int restoredAt;
    boolean probedAfterGate;
    boolean reconnected;

    @Override
    public String describe() {
      return "fake";
    }

    @Override
    public Fake end() {
      return ends.remove();
    }

    @Override
    public Fake gate(Optional<Fake> end, boolean cleanAnyway) {
      gateCalls++;
      gateEnds.add(end.isPresent());
      gateCleanAnyway.add(cleanAnyway);
      return gates.remove();
    }

    @Override
    public boolean asksAfterRollback() {
      return asksAfterRollback;
    }

    @Override
    public void restoredAt(Fake reading) {
      restoredAt++;
    }

    @Override
    public Cleanup<Void, Fake> cleanup(CleanupPlan plan, Fake before) {
      return new Cleanup<>(plan, "", rows -> null, nothing -> cleanings.remove());
    }

    @Override
    public ServerCounters.Reading afterProbe(Optional<Fake> gate) {
      probes++;
      probedAfterGate = gate.isPresent();
      return counters(PROBED);
    }

    @Override
    public void controlReconnected() {
      reconnected = true;
    }
  }

  /** Plans every table it is given, in order; records the plans. */
  static final class FakeCleanups implements Cleanups {
    final List<List<String>> planned = new ArrayList<>();
    final Set<String> confirm = new TreeSet<>();
    Optional<Set<String>> differing = Optional.empty();
    boolean countersToReset;
    int firstPassPlans;

    @Override
    public boolean countersToReset() {
      return countersToReset;
    }

    @Override
    public Optional<Set<String>> differingAfterRollback(Set<String> flagged) {
      return differing.map(d -> new LinkedHashSet<>(d.stream().filter(flagged::contains).toList()));
    }

    @Override
    public CleanupPlan plan(Collection<String> dirty) {
      List<String> tables = List.copyOf(dirty);
      planned.add(tables);
      return new CleanupPlan(
          tables, tables.stream().anyMatch(confirm::contains), List.of(), Set.of());
    }

    @Override
    public CleanupPlan planAfterTest(Collection<String> dirty) {
      firstPassPlans++;
      return plan(dirty);
    }

    int inFullPlans;

    @Override
    public CleanupPlan planInFull(Collection<String> dirty) {
      inFullPlans++;
      return plan(dirty);
    }

    @Override
    public <T> T clean(
        CleanupPlan plan,
        String readingSql,
        dev.dbit.internal.jdbc.MultiStatement.Reader<T> reader) {
      return null;
    }

    @Override
    public void probeEverything() {}

    final List<List<String>> kept = new ArrayList<>();
    List<String> probed = List.of();

    @Override
    public List<String> differingTables() {
      return probed;
    }

    @Override
    public CleanupPlan keepPlan(Collection<String> dirty) {
      return new CleanupPlan(List.copyOf(dirty), false, List.of(), Set.of());
    }

    @Override
    public void kept(CleanupPlan keep) {
      kept.add(keep.tables());
    }

    Set<String> keptByClass = Set.of();

    @Override
    public Set<String> leaveClass() {
      return keptByClass;
    }
  }
}
