package dev.dbit.internal.run;

import dev.dbit.internal.jdbc.LockTablesGuard;
import dev.dbit.internal.reset.ChangeMarkers;
import javax.sql.DataSource;
import net.ttddyy.dsproxy.support.ProxyDataSourceBuilder;

/** The listeners dbit puts between tests and the connections it hands them. */
final class Accounting {
  /** Distinct values counted per statement shape at most. */
  static final int SHAPE_VALUES_COUNTED = 100;

  private Accounting() {}

  /**
   * {@code target} behind the listeners dbit puts on what it hands out: JDBC clock and leak watch,
   * the statement watches, and (for the pool) the session-state watch.
   */
  static DataSource accounted(String name, DataSource target, Watches watches, boolean pooled) {
    ProxyDataSourceBuilder builder =
        ProxyDataSourceBuilder.create(name, target)
            .methodListener(watches.clock())
            .methodListener(watches.connectionLeaks())
            .methodListener(watches.rollbacks());
    if (pooled) {
      builder.listener(watches.sessionState());
    }
    return builder
        .listener(watches.shapes())
        .listener(watches.schemaChanges())
        .listener(new LockTablesGuard(ChangeMarkers.MARKERS_OFF))
        .buildProxy();
  }
}
