package dev.dbit.internal.reset;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.binlog.RowChangeLog;
import dev.dbit.internal.measure.ServerCounters;
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
 * none (every table probed). It wires what the source says about changed rows into the restorer,
 * and removes an earlier run's triggers where this run uses none.
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
   * The engine for {@code copy}; call on a clean copy.
   *
   * @param triggers whether dbit may put its triggers on the copy where the server has no counters
   */
  public static ResetEngine<?> forServer(
      Supplier<Connection> control,
      SchemaRestorer restorer,
      SchemaLayout layout,
      String copy,
      ServerCounters counters,
      boolean triggers)
      throws SQLException {
    ChangedRowSources rows = restorer.changedRows();
    Set<String> tables = Set.copyOf(layout.tables());
    UnaryOperator<Set<String>> ours = changed -> ours(tables, changed);
    Optional<RowChangeLog.Watch> log = rows.log();
    Optional<TableCounters> dialect =
        log.isPresent() ? Optional.empty() : TableCounters.of(control.get());
    if (log.isPresent() || dialect.isPresent() || !triggers) {
      // An earlier run's triggers would mark every write for nobody: they go before any reading.
      ChangeMarkers.remove(control.get(), copy);
    }
    if (log.isPresent()) {
      BinaryLogReader reader = BinaryLogReader.start(control, log.get(), counters);
      rows.changesFrom(dirty -> reader.pendingRows());
      return new ResetEngine<>(reader, restorer, ours);
    }
    if (dialect.isPresent()) {
      return new ResetEngine<>(
          CounterReader.start(control, tables, copy, dialect.get(), counters), restorer, ours);
    }
    if (!triggers) {
      LOG.log(Level.INFO, TRIGGERS_OFF);
      return new ResetEngine<>(new ProbeReader(control, counters), restorer, ours);
    }
    Optional<KeyTables> keys =
        layout.rowKeys().isEmpty() ? Optional.empty() : KeyTables.install(control, copy, layout);
    Optional<ChangeMarkers> markers = ChangeMarkers.install(control, copy, layout, keys);
    if (markers.isEmpty()) {
      LOG.log(Level.WARNING, ProbeReader.ADVICE.formatted(layout.tables().size()));
      return new ResetEngine<>(new ProbeReader(control, counters), restorer, ours);
    }
    markers.get().keys().ifPresent(rows::keepKeysBy);
    ChangeMarkerReader reader =
        ChangeMarkerReader.start(
            control,
            restorer.checksums(),
            restorer.referenceTables(),
            layout,
            copy,
            markers.get(),
            counters);
    rows.markReleasesBy(reader);
    return new ResetEngine<>(reader, restorer, ours);
  }
}
