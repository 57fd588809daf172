package dev.dbit.internal.reset;

import dev.dbit.internal.jdbc.MultiStatement;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * A cleanup request that failed: rolled back, so that no later request commits half a reset, and
 * reported with the statement that failed. Connector/J reads a multi-statement reply whole and
 * reports the failure without its position, so the request is replayed one statement at a time to
 * name it, inside a transaction that is rolled back too.
 */
final class FailedCleanup {
  private FailedCleanup() {}

  /** Rolls back {@code sql}'s work on {@code control} and says what failed in {@code copy}. */
  static SQLException rollBack(
      Connection control, String copy, String sql, MultiStatement.StatementFailed failure) {
    rollback(control, failure);
    String statement = failingStatement(control, sql).orElse("the request");
    rollback(control, failure);
    return new SQLException(
        "dbit: restoring "
            + copy
            + " failed, and dbit rolled the whole reset back: "
            + failure.getMessage()
            + " (in: "
            + abbreviated(statement)
            + "). The next reset compares every table with the template.",
        failure.getSQLState(),
        failure.getErrorCode(),
        failure);
  }

  private static void rollback(Connection control, SQLException failure) {
    try (Statement rollback = control.createStatement()) {
      rollback.execute("ROLLBACK");
    } catch (SQLException e) {
      failure.addSuppressed(e);
    }
  }

  /** The statement that fails when {@code sql} runs one statement at a time, up to its COMMIT. */
  private static Optional<String> failingStatement(Connection control, String sql) {
    try (Statement statement = control.createStatement()) {
      for (String one : sql.split(";\n")) {
        if (one.equals("COMMIT")) {
          return Optional.empty();
        }
        try {
          statement.execute(one);
        } catch (SQLException e) {
          return Optional.of(one);
        }
      }
    } catch (SQLException e) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  private static String abbreviated(String statement) {
    return statement.length() <= 200 ? statement : statement.substring(0, 200) + " …";
  }
}
