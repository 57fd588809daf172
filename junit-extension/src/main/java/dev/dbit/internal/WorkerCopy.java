package dev.dbit.internal;

import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.ServerLock;
import dev.dbit.internal.template.SchemaCopier;
import java.sql.SQLException;
import java.util.Optional;

/**
 * This run's copy of the template: the first of {@code dbit_test_<hash>_1..64} whose server lock no
 * other run holds, so that parallel runs on one server never share a schema.
 *
 * @param schema the copy's name
 * @param lock the server lock that makes it this run's alone
 */
record WorkerCopy(String schema, ServerLock lock) {
  private static final int MAX_WORKERS = 64;

  static WorkerCopy claim(ControlConnection control, String fingerprint, String server)
      throws SQLException {
    for (int worker = 1; worker <= MAX_WORKERS; worker++) {
      String copy = SchemaCopier.copyNamePrefix(fingerprint) + worker;
      Optional<ServerLock> lock = ServerLock.tryAcquire(control.get(), copy, 0);
      if (lock.isPresent()) {
        control.held(copy);
        return new WorkerCopy(copy, lock.get());
      }
    }
    throw new IllegalStateException(
        "dbit: "
            + MAX_WORKERS
            + " test schemas on "
            + server
            + " are in use by other runs. Wait for them or use another server.");
  }
}
