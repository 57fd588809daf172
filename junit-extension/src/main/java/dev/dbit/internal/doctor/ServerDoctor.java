package dev.dbit.internal.doctor;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.measure.RoundTripBaseline;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.stall.StallModel;
import dev.dbit.internal.template.SchemaOwnership;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Looks at the server once per run and says, setting by setting, what slows tests down and how to
 * change it. Everything it reports is measured on this server, through the pool's own driver
 * settings.
 *
 * @param settings version and speed-relevant settings
 * @param roundTrip the calibrated round trip, with the loopback echo taken between its samples
 * @param connectMillis opening a connection with the pool's settings
 * @param commitMillis one autocommit UPDATE of one row, the price of durability per commit
 * @param tls whether connections use TLS and what it costs to open one
 * @param warnings one line per setting that costs test time
 */
public record ServerDoctor(
    ServerSettings settings,
    RoundTripBaseline roundTrip,
    Percentiles connectMillis,
    Percentiles commitMillis,
    TlsCost tls,
    List<String> warnings) {
  static final int SAMPLES = 20; // even: see examine()

  public static ServerDoctor examine(
      Connection control,
      ConnectionFactory poolSettings,
      String schema,
      ServerSettings settings,
      RoundTripBaseline roundTrip)
      throws SQLException {
    List<Double> connect = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      long start = System.nanoTime();
      poolSettings.open(schema).close();
      connect.add((System.nanoTime() - start) / 1e6);
    }
    List<Double> commits = new ArrayList<>();
    try (Statement statement = control.createStatement()) {
      // dbit's own marker row: a real one-row change per commit, toggled an even number of times
      // so that it ends as it started.
      String update =
          "UPDATE " + qualified(schema, SchemaOwnership.MARKER_TABLE) + " SET ready = NOT ready";
      for (int i = 0; i < SAMPLES; i++) {
        long start = System.nanoTime();
        statement.executeUpdate(update);
        commits.add((System.nanoTime() - start) / 1e6);
      }
    }
    Percentiles connectMillis = Percentiles.of(connect);
    Percentiles commitMillis = Percentiles.of(commits);
    return new ServerDoctor(
        settings,
        roundTrip,
        connectMillis,
        commitMillis,
        TlsCost.measure(poolSettings, schema, connectMillis),
        warnings(settings, roundTrip, connectMillis, commitMillis));
  }

  static List<String> warnings(
      ServerSettings settings,
      RoundTripBaseline roundTrip,
      Percentiles connect,
      Percentiles commit) {
    List<String> warnings = new ArrayList<>();
    String commitCost =
        String.format(
            Locale.ROOT,
            "a one-row commit takes %.2f ms here (median, N=%d)",
            commit.p50(),
            commit.n());
    if ("1".equals(settings.settings().get("innodb_flush_log_at_trx_commit"))) {
      warnings.add(
          "innodb_flush_log_at_trx_commit=1 flushes the redo log to disk at every commit; "
              + commitCost
              + ". For a test server: SET GLOBAL innodb_flush_log_at_trx_commit=2 (or start it with"
              + " --innodb-flush-log-at-trx-commit=2).");
    }
    if ("1".equals(settings.settings().get("sync_binlog"))) {
      // A binary log written to the page cache costs little (dbit's own servers keep one and read
      // it); syncing it at every commit is what makes commits slow.
      warnings.add(
          "ON".equalsIgnoreCase(settings.settings().get("log_bin"))
              ? "sync_binlog=1 syncs the binary log at every commit; "
                  + commitCost
                  + ". For a test server: SET GLOBAL sync_binlog=0."
              : "sync_binlog=1 would sync the binary log at every commit if it were enabled; SET"
                  + " GLOBAL sync_binlog=0.");
    }
    if ("ON".equalsIgnoreCase(settings.settings().get("innodb_doublewrite"))
        || "1".equals(settings.settings().get("innodb_doublewrite"))) {
      warnings.add(
          "innodb_doublewrite=ON writes every page twice; start a test server with --innodb-doublewrite=0.");
    }
    if (!"ON".equalsIgnoreCase(settings.settings().get("performance_schema"))
        && !"1".equals(settings.settings().get("performance_schema"))) {
      warnings.add(
          "performance_schema is off: dbit cannot measure server SQL time per test, and stall verdicts rest"
              + " on the differential probe alone. Start the server with --performance-schema=ON.");
    }
    if (StallModel.pathIsSlow(roundTrip)) {
      warnings.add(
          String.format(
                  Locale.ROOT,
                  "the path to the server is slow: even the quickest SELECT 1s take %.2f ms (p10;"
                      + " median %.2f ms) against %.2f ms for a loopback echo in this JVM (median;"
                      + " N=%d each, taken alternately)",
                  roundTrip.roundTrip().p10(),
                  roundTrip.roundTrip().p50(),
                  roundTrip.echo().p50(),
                  roundTrip.roundTrip().n())
              + ", with the pool's driver settings; a local server answers in about 0.1 ms."
              + " Check the network path and tcpNoDelay.");
    }
    if (connect.p50() > 50) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "opening a connection takes %.1f ms (median); keep connections pooled and check TLS and DNS"
                  + " settings (skip-name-resolve on the server).",
              connect.p50()));
    }
    return List.copyOf(warnings);
  }

  /** The doctor's report, several lines. */
  public String describe() {
    StringBuilder text = new StringBuilder();
    text.append("dbit server doctor: ").append(settings.version()).append(System.lineSeparator());
    text.append("  settings: ").append(settings.describe()).append(System.lineSeparator());
    text.append("  round trip (SELECT 1, pool settings): ")
        .append(roundTrip.describe())
        .append(System.lineSeparator());
    text.append("  connection setup (pool settings): ")
        .append(connectMillis.describeMillis())
        .append(System.lineSeparator());
    text.append("  TLS: ").append(tls.describe()).append(System.lineSeparator());
    text.append("  one-row autocommit write: ").append(commitMillis.describeMillis());
    if (warnings.isEmpty()) {
      text.append(System.lineSeparator()).append("  no setting slows tests down");
    }
    for (String warning : warnings) {
      text.append(System.lineSeparator()).append("  WARNING: ").append(warning);
    }
    return text.toString();
  }

  /** The warnings on one line, for report entries. */
  public String warningsLine() {
    return warnings.isEmpty() ? "none" : String.join(" | ", warnings);
  }
}
