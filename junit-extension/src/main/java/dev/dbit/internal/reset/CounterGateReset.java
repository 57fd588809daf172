package dev.dbit.internal.reset;

import dev.dbit.internal.measure.ServerCounters;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;

/**
 * The portable strategy, for MySQL and for MariaDB without {@code userstat}: the global row
 * counters gate a probe of every table; the statement counters are read separately before and after
 * each test. Four round trips for a clean test, six for a dirty one.
 */
public final class CounterGateReset implements BetweenTests {
  private final Supplier<Connection> control;
  private final DatabaseResetter resetter;
  private ServerCounters counters;

  public CounterGateReset(
      Supplier<Connection> control, DatabaseResetter resetter, ServerCounters counters) {
    this.control = control;
    this.resetter = resetter;
    this.counters = counters;
  }

  private boolean distrusted;

  @Override
  public ServerCounters.Reading beforeTest() throws SQLException {
    if (distrusted) {
      resetter.resetProbingEverything();
      distrusted = false;
    } else {
      resetter.reset();
    }
    return counters.read(control.get());
  }

  @Override
  public AfterTest afterTest() throws SQLException {
    return new AfterTest(counters.read(control.get()), true);
  }

  @Override
  public ServerCounters.Reading peek() throws SQLException {
    return counters.read(control.get());
  }

  @Override
  public void distrust() {
    distrusted = true;
  }

  @Override
  public void controlReconnected() throws SQLException {
    counters = ServerCounters.on(control.get());
  }

  @Override
  public String describe() {
    return "global row counters gate a probe of every table";
  }
}
