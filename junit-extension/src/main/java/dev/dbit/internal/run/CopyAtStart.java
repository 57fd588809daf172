package dev.dbit.internal.run;

import dev.dbit.internal.binlog.CopyHistory;
import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.jdbc.SqlIdentifiers;
import dev.dbit.internal.reset.SchemaRestorer;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.template.AbandonedCopies;
import dev.dbit.internal.template.SchemaCopier;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.SchemaOwnership;
import dev.dbit.internal.template.TemplateBuilder;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * A worker copy brought to the template's state when a run starts, the cheapest way that is safe:
 * as an earlier run left it (the binary log shows nothing touched it since), restored by the keys
 * dbit's triggers recorded, restored table by table, or copied afresh from the template.
 */
final class CopyAtStart {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private CopyAtStart() {}

  /**
   * Reuses a ready copy of this template, or makes a fresh one.
   *
   * @param unlogged dbit's own writes stay out of the binary log, so the log can vouch for the copy
   * @return whether the copy was reused
   */
  static boolean prepare(
      ControlConnection controlConnection,
      DatabaseServer server,
      boolean unlogged,
      TemplateBuilder.Template template,
      SchemaLayout layout,
      String copy,
      SchemaRestorer restorer)
      throws SQLException {
    Connection control = controlConnection.get();
    boolean reusable = reusable(control, template, layout, copy);
    if (reusable) {
      analyzeLargeTables(control, layout, copy);
    }
    if (reusable && unlogged && CopyHistory.untouchedSinceLastRun(server, control, copy)) {
      LOG.log(
          Level.INFO,
          "dbit: the binary log shows nothing touched "
              + copy
              + " since the last run left it clean; reused as it is");
      restorer.trustReusedCopy();
      return true;
    }
    if (reusable) {
      try {
        restorer.restoreEverything();
        return true;
      } catch (SQLException e) {
        LOG.log(
            Level.WARNING,
            "dbit: the copy "
                + copy
                + " left by an earlier run could not be restored ("
                + e.getMessage()
                + "); dbit builds it again from the template.");
      }
    }
    if (SchemaOwnership.schemaExists(control, copy)) {
      SchemaOwnership.dropOwned(control, copy);
    }
    SchemaCopier.copy(control, template.schema(), layout, copy, template.fingerprint());
    restorer.recordBaseline();
    return false;
  }

  /**
   * Gives the large tables of a reused {@code copy} statistics of their rows: a copy is created
   * empty, and MySQL keeps the statistics it had then across a restart, so a reused copy's large
   * table looked like one row and a cascade's restore scanned it (docs/design/reset.md). Not
   * written to the binary log, which must not show the copy touched.
   */
  private static void analyzeLargeTables(Connection control, SchemaLayout layout, String copy) {
    if (layout.rowKeys().isEmpty()) {
      return;
    }
    String tables =
        layout.rowKeys().keySet().stream()
            .map(t -> SqlIdentifiers.qualified(copy, t))
            .collect(java.util.stream.Collectors.joining(", "));
    try {
      MultiStatement.execute(control, "ANALYZE NO_WRITE_TO_BINLOG TABLE " + tables);
    } catch (SQLException e) {
      LOG.log(Level.DEBUG, "dbit: could not analyze the large tables of " + copy, e);
    }
  }

  /** Drops the copies earlier runs with other migrations left behind, and says so. */
  static void dropAbandoned(Connection control, String fingerprint) throws SQLException {
    List<String> abandoned = AbandonedCopies.drop(control, fingerprint);
    if (!abandoned.isEmpty()) {
      LOG.log(
          Level.INFO,
          "dbit: dropped test schemas that earlier runs left behind (this project's, on other"
              + " migrations, or unused for "
              + AbandonedCopies.UNUSED_DAYS
              + " days): "
              + abandoned);
    }
  }

  /**
   * A ready copy of this template, holding the template's tables and nothing else, whose triggers
   * and views the user dbit connects as now defined.
   */
  private static boolean reusable(
      Connection control, TemplateBuilder.Template template, SchemaLayout layout, String copy)
      throws SQLException {
    Optional<SchemaOwnership.Marker> marker = SchemaOwnership.read(control, copy);
    if (marker.isEmpty()
        || !marker.get().ready()
        || marker.get().kind() != SchemaOwnership.Kind.COPY
        || !marker.get().fingerprint().equals(template.fingerprint())) {
      return false;
    }
    if (!SchemaLayout.tableNames(control, copy).equals(layout.tables())) {
      LOG.log(
          Level.INFO,
          "dbit: the copy "
              + copy
              + " left by an earlier run holds other tables than the template; dbit builds it"
              + " again from the template.");
      return false;
    }
    List<String> definers = SchemaCopier.foreignDefiners(control, copy);
    if (!definers.isEmpty()) {
      LOG.log(
          Level.INFO,
          "dbit: the copy "
              + copy
              + " left by an earlier run has triggers or views defined by "
              + String.join(", ", definers)
              + ", not by the user dbit connects as now; dbit builds it again from the"
              + " template.");
      return false;
    }
    SchemaOwnership.touch(control, copy);
    return true;
  }
}
