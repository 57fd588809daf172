package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * No change source: a server with neither a log dbit may follow, nor counters per table, nor dbit's
 * triggers. Every reset probes every table (one request) and cleans what differs (one more). The
 * next test's measurement continues from the end reading, which dbit's own statements do not move.
 */
final class ProbeReader implements ChangeReader<ProbeReader.Probe> {
  /** Logged when a run falls back to this reader; {@code %d}: the number of tables. */
  static final String ADVICE =
      "dbit: this server counts no writes per table (MariaDB: userstat and performance_schema off;"
          + " MySQL: performance_schema off), so every reset probes all %d tables. On a test"
          + " server, SET GLOBAL userstat=ON (MariaDB, no restart) or start it with"
          + " --performance-schema=ON: then a reset costs two requests whatever the test did.";

  private final Supplier<Connection> control;
  private final ServerCounters counters;

  /**
   * One reading, which always asks for a probe.
   *
   * @param start the statement counters
   * @param open some connection may hold locks or changes
   */
  record Probe(ServerCounters.Reading start, boolean open) implements ChangeReader.Reading {
    @Override
    public Set<String> changed() {
      return Set.of();
    }

    @Override
    public boolean probe() {
      return true;
    }

    @Override
    public boolean openTransactions() {
      return open;
    }
  }

  ProbeReader(Supplier<Connection> control, ServerCounters counters) {
    this.control = control;
    this.counters = counters.withOpenTransactions();
  }

  @Override
  public String describe() {
    return "probing every table";
  }

  @Override
  public Probe end() throws SQLException {
    ServerCounters.Reading reading = counters.read(control.get());
    return new Probe(reading, reading.openTransactions() > 0);
  }

  @Override
  public Probe gate(Optional<Probe> end, boolean cleanAnyway) throws SQLException {
    return end.orElse(new Probe(counters.read(control.get()), false));
  }

  /** Never asked: every reading asks for a probe instead. */
  @Override
  public Cleanup<Void, Probe> cleanup(CleanupPlan plan, Probe before) {
    return new Cleanup<>(plan, "", rows -> null, nothing -> before);
  }

  /** The next test's measurement continues from the reading that asked for the probe. */
  @Override
  public ServerCounters.Reading afterProbe(Optional<Probe> gate) throws SQLException {
    return gate.isPresent() ? gate.get().start() : counters.read(control.get());
  }
}
