package dev.dbit.internal.stall;

import dev.dbit.TestMetrics;
import dev.dbit.internal.config.Mode;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.measure.RoundTripBaseline;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Judges every test of a run and, on the first suspected stall, runs the differential probe once; a
 * test fails only when its numbers show the stall signature and the probe confirms that a protocol
 * path really stalls. Tests too small to judge alone are judged together: those of a class, and
 * those of the whole run ({@link #assessTogether}).
 */
public final class StallGuard {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private final Mode mode;
  private final RoundTripBaseline baseline;
  private final boolean loopbackServer;
  private final ConnectionFactory poolSettings;
  private final Map<String, String> poolParams;
  private final String schema;
  private ProbeResult probe;

  public StallGuard(
      Mode mode,
      RoundTripBaseline baseline,
      boolean loopbackServer,
      ConnectionFactory poolSettings,
      Map<String, String> poolParams,
      String schema) {
    this.mode = mode;
    this.baseline = baseline;
    this.loopbackServer = loopbackServer;
    this.poolSettings = poolSettings;
    this.poolParams = Map.copyOf(poolParams);
    this.schema = schema;
  }

  /**
   * What the guard concluded for one test.
   *
   * @param verdict the judgement on the numbers alone
   * @param summary one line for reports
   * @param message the full stall report, when stalled
   */
  public record Assessment(StallJudge.Verdict verdict, String summary, Optional<String> message) {}

  /** What a confirmed stall does: fail, warn, or nothing. */
  public Mode mode() {
    return mode;
  }

  public Assessment assess(TestMetrics metrics) {
    StallJudge.Verdict verdict =
        StallJudge.judge(
            metrics, baseline.roundTrip(), baseline.serverTimingTrusted(), loopbackServer);
    if (verdict.outcome() == StallJudge.Outcome.TOO_FEW_STATEMENTS) {
      return new Assessment(verdict, "small: " + verdict.reason(), Optional.empty());
    }
    return confirmed(
        verdict,
        "",
        metrics,
        () -> StallReport.message(metrics, baseline, Optional.ofNullable(probe), poolParams));
  }

  /** True when a test shows the stall signature but for its statement count. */
  public boolean showsSignature(TestMetrics metrics) {
    return StallJudge.showsSignature(
        metrics, baseline.roundTrip(), baseline.serverTimingTrusted(), loopbackServer);
  }

  /**
   * Judges the small tests of {@code tally} that show the signature alone as if they were one test;
   * while all its small tests together ran fewer statements than the minimum, the verdict says they
   * are judged with the run.
   */
  public Assessment assessTogether(StallTally tally) {
    if (tally.smallStatements() < StallJudge.MIN_STATEMENTS) {
      String reason =
          String.format(
              Locale.ROOT,
              "%d small tests with %d statements together, fewer than %d: judged with the run",
              tally.smallTests(),
              tally.smallStatements(),
              StallJudge.MIN_STATEMENTS);
      return new Assessment(
          new StallJudge.Verdict(StallJudge.Outcome.TOO_FEW_STATEMENTS, reason),
          "small: " + reason,
          Optional.empty());
    }
    TestMetrics total = tally.total();
    String together =
        tally.tests().size() == tally.smallTests()
            ? String.format(Locale.ROOT, "%d small tests together, ", tally.smallTests())
            : String.format(
                Locale.ROOT,
                "%d of %d small tests together, ",
                tally.tests().size(),
                tally.smallTests());
    if (total.statements() < StallJudge.MIN_STATEMENTS) {
      String reason =
          String.format(
              Locale.ROOT,
              "%d small tests together; the %d that look stalled alone ran %d statements, fewer"
                  + " than %d",
              tally.smallTests(),
              tally.tests().size(),
              total.statements(),
              StallJudge.MIN_STATEMENTS);
      return new Assessment(
          new StallJudge.Verdict(StallJudge.Outcome.NO_STALL, reason),
          "ok: " + reason,
          Optional.empty());
    }
    StallJudge.Verdict verdict =
        StallJudge.judge(
            total, baseline.roundTrip(), baseline.serverTimingTrusted(), loopbackServer);
    return confirmed(
        verdict,
        together,
        total,
        () -> StallReport.message(tally, baseline, Optional.ofNullable(probe), poolParams));
  }

  /**
   * Runs the probe for a verdict that looks stalled; only a confirmed stall that explains the wait
   * gets a message. The summary is the outcome, {@code scope} (what was judged, when not one test)
   * and the reason.
   */
  private Assessment confirmed(
      StallJudge.Verdict verdict, String scope, TestMetrics metrics, Supplier<String> message) {
    if (verdict.outcome() == StallJudge.Outcome.NO_STALL) {
      return new Assessment(verdict, "ok: " + scope + verdict.reason(), Optional.empty());
    }
    Optional<ProbeResult> result = probe();
    if (!result.map(ProbeResult::anyStalls).orElse(false)) {
      // Real delayed-ACK stalls show up in the probe; without one, the numbers come from
      // something else (a loaded machine, GC, lock waits), and a test tool must not cry wolf.
      return new Assessment(
          verdict,
          "suspected, not confirmed: "
              + scope
              + verdict.reason()
              + ", but no protocol path stalls in the probe",
          Optional.empty());
    }
    Optional<String> unexplained = StallEvidence.unexplained(metrics, baseline, result.get());
    if (unexplained.isPresent()) {
      return new Assessment(
          new StallJudge.Verdict(StallJudge.Outcome.NO_STALL, unexplained.get()),
          "server time unknown: " + scope + unexplained.get(),
          Optional.empty());
    }
    return new Assessment(
        verdict, "transport stall: " + scope + verdict.reason(), Optional.of(message.get()));
  }

  private Optional<ProbeResult> probe() {
    if (probe == null) {
      try {
        probe = DifferentialProbe.run(poolSettings, schema, baseline.roundTrip(), loopbackServer);
      } catch (SQLException e) {
        LOG.log(Level.WARNING, "dbit: the differential probe failed: " + e.getMessage(), e);
        return Optional.empty();
      }
    }
    return Optional.of(probe);
  }
}
