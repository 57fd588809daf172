package dev.dbit.internal.run;

import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.ServerLost;
import dev.dbit.internal.reset.ResetEngine;
import java.sql.SQLException;

/**
 * What a lost control connection means for the tests of a run: the step that lost it runs again on
 * a new one, which trusts no change source; a step that keeps losing it fails its test with dbit's
 * message; and once the server cannot be reached at all, every later test fails at once, the test
 * in flight included, with dbit's message instead of the driver's.
 */
final class LostConnections {
  /** How often a step that lost its control connection runs again on a new one. */
  static final int REPEATS = 3;

  private final ControlConnection control;
  private final ResetEngine<?> between;

  /** Set once the server could not be reached again: later tests fail at once. */
  private ServerLost lost;

  LostConnections(ControlConnection control, ResetEngine<?> between) {
    this.control = control;
    this.between = between;
  }

  /** Fails at once where the server was lost earlier in the run. */
  void failIfServerLost() {
    if (lost != null) {
      throw lost.again();
    }
  }

  boolean serverLost() {
    return lost != null;
  }

  /**
   * The failure a test threw, or dbit's {@link ServerLost} in its place where the test lost its
   * connection because the server stopped answering (dbit's own connection is gone too, and no new
   * one opens): the test in flight when the server dies says so, as every later test does.
   */
  Throwable explain(Throwable failure) {
    SQLException loss = null;
    for (Throwable cause = failure; cause != null && loss == null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && ControlConnection.isLoss(sql)) {
        loss = sql;
      }
    }
    if (loss == null) {
      return failure;
    }
    try {
      if (lost == null && !control.get().isValid(2)) {
        recovered(loss);
      }
      return lost == null ? failure : withTestFailure(lost.again(), failure);
    } catch (ServerLost e) {
      return withTestFailure(e, failure);
    } catch (SQLException e) {
      return failure;
    }
  }

  private static ServerLost withTestFailure(ServerLost lost, Throwable failure) {
    lost.addSuppressed(failure);
    return lost;
  }

  /**
   * Reconnects a lost control connection for the {@code attempt}-th time in {@code step}, which
   * then runs again and trusts no counter; past {@value #REPEATS} times, fails the test with dbit's
   * message, the connection new for the next test.
   */
  boolean recovered(SQLException failure, int attempt, String step) throws SQLException {
    boolean reconnected = recovered(failure);
    if (reconnected && attempt > REPEATS) {
      throw new SQLException(
          "dbit: the connection to the server was lost "
              + attempt
              + " times in a row in "
              + step
              + " (last: "
              + failure.getMessage()
              + "); the next test compares every table with the template",
          failure.getSQLState(),
          failure);
    }
    return reconnected;
  }

  /** A request on the control connection. */
  @FunctionalInterface
  interface Step<T> {
    T run() throws SQLException;
  }

  /** Runs {@code step}, again on a new control connection where it lost the old one. */
  <T> T retried(String name, Step<T> step) throws SQLException {
    for (int attempt = 1; ; attempt++) {
      try {
        return step.run();
      } catch (SQLException e) {
        if (!recovered(e, attempt, name)) {
          throw e;
        }
      }
    }
  }

  /** Reconnects a lost control connection; the next reset then trusts no counter. */
  private boolean recovered(SQLException failure) throws SQLException {
    try {
      if (!control.recoverIfLost(failure)) {
        return false;
      }
    } catch (ServerLost e) {
      lost = e;
      throw e;
    }
    between.controlReconnected();
    return true;
  }
}
