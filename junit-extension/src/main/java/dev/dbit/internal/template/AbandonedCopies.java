package dev.dbit.internal.template;

import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.ServerLock;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Test schemas that earlier runs left behind and no run will take again: dbit's marker says they
 * are copies (or a copy's bookkeeping) built from other migrations than this run's, no run holds
 * their lock, and either this project made them (its migrations changed since) or no run took them
 * for {@value #UNUSED_DAYS} days. Copies of other projects that share the server or the embedded
 * data directory stay. A run that crashed with the same migrations leaves copies the next run takes
 * and restores instead.
 */
public final class AbandonedCopies {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** Days after which a copy no run took is abandoned, whichever project made it. */
  public static final int UNUSED_DAYS = 14;

  private AbandonedCopies() {}

  /**
   * Whether a schema with {@code marker} is abandoned, for a run of {@code project} on migrations
   * {@code fingerprint} (its lock aside).
   */
  static boolean abandoned(SchemaOwnership.Marker marker, String fingerprint, String project) {
    return marker.kind() != SchemaOwnership.Kind.TEMPLATE
        && !marker.fingerprint().equals(fingerprint)
        && (marker.project().equals(project)
            || marker.project().isEmpty()
            || marker.daysUnused() >= UNUSED_DAYS);
  }

  /**
   * Drops every abandoned copy on the server; call once at start. A schema without dbit's marker is
   * never touched, whatever its name; one the server will not drop is named in a warning and left.
   *
   * @return the schemas dropped
   */
  public static List<String> drop(Connection control, String fingerprint) throws SQLException {
    List<String> dropped = new ArrayList<>();
    // This run's own copies carry its fingerprint in their names: no need to read their markers.
    String own = SchemaCopier.copyNamePrefix(fingerprint);
    for (String schema : candidates(control)) {
      if (schema.startsWith(own)) {
        continue;
      }
      Optional<SchemaOwnership.Marker> marker = SchemaOwnership.read(control, schema);
      if (marker.isEmpty() || !abandoned(marker.get(), fingerprint, SchemaOwnership.PROJECT)) {
        continue;
      }
      // A bookkeeping schema goes with its copy; alone only when its copy is gone.
      String copy =
          marker.get().kind() == SchemaOwnership.Kind.COPY
              ? schema
              : BookkeepingSchema.copyOf(schema).orElse(schema);
      if (!copy.equals(schema) && SchemaOwnership.schemaExists(control, copy)) {
        continue;
      }
      // Holding the copy's lock keeps any run from taking it while it goes.
      Optional<ServerLock> lock = ServerLock.tryAcquire(control, copy, 0);
      if (lock.isEmpty()) {
        continue;
      }
      try {
        SchemaOwnership.dropOwned(control, schema);
        dropped.add(schema);
      } catch (SQLException e) {
        if (ControlConnection.isLoss(e)) {
          throw e;
        }
        // Housekeeping: a copy that will not go does not stop the run.
        LOG.log(Level.WARNING, cannotDrop(schema, e));
      } finally {
        lock.get().close();
      }
    }
    return dropped;
  }

  /** What to do about an abandoned copy the server would not drop. */
  static String cannotDrop(String schema, SQLException failure) {
    return "dbit: could not drop the test schema "
        + schema
        + ", which an earlier run left behind: "
        + failure.getMessage()
        + ". The run goes on. \"Directory not empty\" means a file the server does not know is in"
        + " the schema's directory (an interrupted CREATE or DROP TRIGGER leaves *.TRG- files):"
        + " remove it from the server's data directory, then DROP DATABASE `"
        + schema
        + "`.";
  }

  private static List<String> candidates(Connection control) throws SQLException {
    List<String> schemas = new ArrayList<>();
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE"
                    + " 'dbit\\\\_test\\\\_%'")) {
      while (rows.next()) {
        schemas.add(rows.getString(1));
      }
    }
    return schemas;
  }
}
