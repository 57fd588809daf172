package dev.dbit.internal.run;

import dev.dbit.internal.jdbc.StatementWatch;
import dev.dbit.internal.measure.ConnectionLeakWatch;
import dev.dbit.internal.measure.JdbcClock;
import dev.dbit.internal.measure.RollbackWatch;
import dev.dbit.internal.measure.TestConnections;
import dev.dbit.internal.shape.ShapeListener;

/** What a run watches on the connections dbit hands out, test after test. */
record Watches(
    JdbcClock clock,
    ConnectionLeakWatch connectionLeaks,
    StatementWatch sessionState,
    StatementWatch schemaChanges,
    RollbackWatch rollbacks,
    ShapeListener shapes) {
  static Watches fresh(TestConnections registry) {
    return new Watches(
        new JdbcClock(),
        new ConnectionLeakWatch(registry),
        StatementWatch.sessionState(),
        StatementWatch.uncountedChanges(),
        new RollbackWatch(),
        new ShapeListener());
  }
}
