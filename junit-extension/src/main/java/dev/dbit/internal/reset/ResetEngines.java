package dev.dbit.internal.reset;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.binlog.RowChangeLog;
import dev.dbit.internal.measure.ServerCounters;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.template.SchemaLayout;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The one place that decides a run's change source and what it covers: the binary log dbit follows
 * (tables, rows of large tables, values cascade parents released), else the server's counters per
 * table (tables), else dbit's triggers where allowed (tables, key tables, released values), else
 * none (every table probed). It hands the restorer what the source says about rows ({@link
 * RowSource}), and removes an earlier run's triggers where this run uses none.
 */
public final class ResetEngines {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private static final String TRIGGERS_OFF =
      "dbit: no counters per table on this server and "
          + DbIntegrationTest.RESET_TRIGGERS
          + "=false: every table probed after every test";

  private ResetEngines() {}

  /** The schema's tables among {@code changed}. */
  private static Set<String> ours(Set<String> tables, Set<String> changed) {
    Set<String> ours = new LinkedHashSet<>(changed);
    ours.retainAll(tables);
    return ours;
  }

  /**
   * The reset engine of {@code copy}; call on a clean copy.
   *
   * @param prepared the run's one restorer, which prepared the copy: told here what the change
   *     source knows about rows
   * @param triggers whether dbit may put its triggers on the copy where the server has no counters
   */
  public static ResetEngine<?> forServer(
      DatabaseServer server,
      Supplier<Connection> control,
      SchemaRestorer prepared,
      SchemaLayout layout,
      String copy,
      ServerCounters counters,
      boolean triggers)
      throws SQLException {
    Set<String> tables = Set.copyOf(layout.tables());
    Frame frame = new Frame(changed -> ours(tables, changed), control, counters);
    // Logs why not when it cannot (no log, not row-based, or sql_log_bin may not be set).
    Optional<RowChangeLog.Watch> log =
        RowChangeLog.watch(
            server,
            control.get(),
            copy,
            layout.primaryKeys(control.get(), copy),
            layout.rowKeys().keySet(),
            layout.referenceCascades());
    Optional<TableCounters> dialect =
        log.isPresent() ? Optional.empty() : TableCounters.of(control.get());
    if (log.isPresent() || dialect.isPresent() || !triggers) {
      // An earlier run's triggers would mark every write for nobody: they go before any reading.
      ChangeMarkers.remove(control.get(), copy);
    }
    if (log.isPresent()) {
      BinaryLogReader reader = BinaryLogReader.start(control, log.get(), counters);
      return resets(reader, prepared.tell(RowSource.log(log.get(), reader)), frame);
    }
    if (dialect.isPresent()) {
      CounterReader reader = CounterReader.start(control, tables, copy, dialect.get(), counters);
      return resets(reader, prepared, frame);
    }
    if (!triggers) {
      LOG.log(Level.INFO, TRIGGERS_OFF);
      return resets(new ProbeReader(control, counters), prepared, frame);
    }
    Optional<KeyTables> keys =
        layout.rowKeys().isEmpty() ? Optional.empty() : KeyTables.install(control, copy, layout);
    Optional<ChangeMarkers> markers = ChangeMarkers.install(control, copy, layout, keys);
    if (markers.isEmpty()) {
      LOG.log(Level.WARNING, ProbeReader.ADVICE.formatted(layout.tables().size()));
      return resets(new ProbeReader(control, counters), prepared, frame);
    }
    ChangeMarkerReader reader =
        ChangeMarkerReader.start(
            control,
            prepared.checksums(),
            prepared.referenceTables(),
            layout,
            copy,
            markers.get(),
            counters);
    return resets(reader, prepared.tell(RowSource.triggers(markers.get().keys(), reader)), frame);
  }

  private static <R extends ChangeReader.Reading> ResetEngine<R> resets(
      ChangeReader<R> reader, SchemaRestorer restorer, Frame frame) {
    return new ResetEngine<>(reader, restorer, frame.ours(), frame.control(), frame.counters());
  }

  /** What every engine of a run shares, whatever its reader. */
  private record Frame(
      UnaryOperator<Set<String>> ours, Supplier<Connection> control, ServerCounters counters) {}
}
