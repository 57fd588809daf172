package dev.dbit.internal.run;

import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.ServerLock;
import dev.dbit.internal.template.SchemaCopier;
import dev.dbit.internal.template.SchemaOwnership;
import java.lang.System.Logger.Level;
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
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final int MAX_WORKERS = 64;

  static WorkerCopy claim(ControlConnection control, String fingerprint, String server)
      throws SQLException {
    for (int worker = 1; worker <= MAX_WORKERS; worker++) {
      String copy = SchemaCopier.copyNamePrefix(fingerprint) + worker;
      Optional<ServerLock> lock = ServerLock.tryAcquire(control.get(), copy, 0);
      if (lock.isPresent() && notDbits(control, copy)) {
        lock.get().close();
      } else if (lock.isPresent()) {
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

  /**
   * Whether {@code copy} exists without dbit's marker: a schema dbit never touches, a user's or one
   * whose creation was cut off before the marker; the run takes the next name and says so.
   */
  private static boolean notDbits(ControlConnection control, String copy) throws SQLException {
    if (!SchemaOwnership.schemaExists(control.get(), copy)
        || SchemaOwnership.read(control.get(), copy).isPresent()) {
      return false;
    }
    LOG.log(
        Level.WARNING,
        "dbit: the schema "
            + copy
            + " exists without dbit's marker, so dbit leaves it as it is and takes the next name."
            + " If it is a leftover of an interrupted run (dbit_test_... names are dbit's), drop it:"
            + " DROP DATABASE `"
            + copy
            + "`;");
    return true;
  }
}
