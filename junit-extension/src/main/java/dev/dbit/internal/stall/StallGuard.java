package dev.dbit.internal.stall;

import static dev.dbit.internal.stall.StallModel.MIN_STATEMENTS;

import dev.dbit.TestMetrics;
import dev.dbit.internal.config.Mode;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.measure.RoundTripBaseline;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

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
  private final ConnectionFactory poolSettings;
  private final Map<String, String> poolParams;
  private final String schema;
  private ProbeResult probe;

  public StallGuard(
      Mode mode,
      RoundTripBaseline baseline,
      ConnectionFactory poolSettings,
      Map<String, String> poolParams,
      String schema) {
    this.mode = mode;
    this.baseline = baseline;
    this.poolSettings = poolSettings;
    this.poolParams = Map.copyOf(poolParams);
    this.schema = schema;
  }

  /**
   * What the guard concluded for one test.
   *
   * @param decision what the evidence led to ({@link StallModel})
   * @param summary one line for reports
   * @param message the full stall report, when stalled
   */
  public record Assessment(
      StallModel.Decision decision, String summary, Optional<String> message) {}

  /** What a confirmed stall does: fail, warn, or nothing. */
  public Mode mode() {
    return mode;
  }

  public Assessment assess(TestMetrics metrics) {
    StallModel.Decision decision = StallModel.judge(metrics, baseline);
    if (decision.outcome() == StallModel.Outcome.SMALL) {
      return new Assessment(decision, decision.summary(""), Optional.empty());
    }
    return confirmed(
        decision,
        "",
        metrics,
        why -> StallReport.message(metrics, why, baseline, probe, poolParams));
  }

  /** True when a test shows the stall signature but for its statement count. */
  public boolean showsSignature(TestMetrics metrics) {
    return metrics.statements() > 0
        && StallModel.signature(metrics, baseline).outcome() == StallModel.Outcome.LOOKS_STALLED;
  }

  /**
   * Judges the small tests of {@code tally} that show the signature alone as if they were one test;
   * where they mostly do but ran too few statements, every small test as one. Too few statements
   * even so are judged with the run; only a scope whose statements mostly look honest is "ok".
   */
  public Assessment assessTogether(StallTally tally) {
    TestMetrics total = tally.total();
    long all = tally.smallStatements();
    boolean honest = 2 * total.statements() <= all && all >= MIN_STATEMENTS;
    if (total.statements() < MIN_STATEMENTS && (honest || all < MIN_STATEMENTS)) {
      StallModel.Decision decision =
          new StallModel.Decision(
              honest ? StallModel.Outcome.HONEST : StallModel.Outcome.SMALL,
              String.format(
                  Locale.ROOT,
                  "%d small tests with %d statements together; %d with the stall signature alone,"
                      + " %d statements, fewer than %d%s",
                  tally.smallTests(),
                  all,
                  tally.tests().size(),
                  total.statements(),
                  MIN_STATEMENTS,
                  honest ? "" : ": judged with the run"));
      return new Assessment(decision, decision.summary(""), Optional.empty());
    }
    boolean everyTest = total.statements() < MIN_STATEMENTS;
    TestMetrics judged = everyTest ? tally.everyTest() : total;
    String together =
        String.format(
            Locale.ROOT,
            "%d small tests together (%d with the stall signature alone), ",
            everyTest ? tally.smallTests() : tally.tests().size(),
            tally.tests().size());
    return confirmed(
        StallModel.judge(judged, baseline),
        together,
        judged,
        why -> StallReport.message(tally, judged, why, baseline, probe, poolParams));
  }

  /**
   * Runs the probe for a decision that looks stalled and weighs it ({@link StallModel#confirm});
   * only a confirmed stall gets a message. The summary is the outcome, {@code scope} (what was
   * judged, when not one test) and the reason.
   */
  private Assessment confirmed(
      StallModel.Decision looks,
      String scope,
      TestMetrics metrics,
      Function<String, String> message) {
    if (looks.outcome() != StallModel.Outcome.LOOKS_STALLED) {
      return new Assessment(looks, looks.summary(scope), Optional.empty());
    }
    Optional<ProbeResult> result = probe();
    if (result.isEmpty()) {
      StallModel.Decision failed =
          new StallModel.Decision(
              StallModel.Outcome.NOT_CONFIRMED, looks.reason() + ", but the probe could not run");
      return new Assessment(failed, failed.summary(scope), Optional.empty());
    }
    StallModel.Decision decision = StallModel.confirm(looks, metrics, baseline, result.get());
    return new Assessment(
        decision,
        decision.summary(scope),
        decision.outcome() == StallModel.Outcome.STALL
            ? Optional.of(message.apply(decision.reason()))
            : Optional.empty());
  }

  private Optional<ProbeResult> probe() {
    if (probe == null) {
      try {
        probe = DifferentialProbe.run(poolSettings, schema, baseline);
      } catch (SQLException | RuntimeException e) {
        LOG.log(Level.WARNING, "dbit: the differential probe failed: " + e.getMessage(), e);
        return Optional.empty();
      }
    }
    return Optional.of(probe);
  }
}
