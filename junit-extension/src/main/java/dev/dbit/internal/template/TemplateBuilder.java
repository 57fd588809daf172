package dev.dbit.internal.template;

import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.jdbc.ServerLock;
import dev.dbit.internal.server.ProgressLine;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.internal.sqlscript.FlywaySqlScriptException;

/**
 * Migrates the template schema with Flyway, or reuses one an earlier run built from the same
 * migrations.
 *
 * <p>The template's name carries the migration fingerprint, so a changed migration gives a new
 * template and an unchanged one is reused without starting Flyway.
 */
public final class TemplateBuilder {
  /** Flyway's history table; it stays in the template and is not copied. */
  public static final String HISTORY_TABLE = "flyway_schema_history";

  private static final int LOCK_TIMEOUT_SECONDS = 600;

  private TemplateBuilder() {}

  /**
   * The template and whether it was reused.
   *
   * @param schema template schema name
   * @param fingerprint migration fingerprint it was built from
   * @param reused true when an earlier run built it
   */
  public record Template(String schema, String fingerprint, boolean reused) {}

  /** Name of the template for a fingerprint. */
  public static String templateName(String fingerprint) {
    return "dbit_template_" + fingerprint.substring(0, 12);
  }

  /** Makes sure a ready template for {@code fingerprint} exists, building it if needed. */
  @SuppressWarnings("try") // the lock is held for the block, never read
  public static Template ensure(
      Connection control,
      ConnectionFactory connections,
      List<String> locations,
      String fingerprint,
      ClassLoader classLoader)
      throws SQLException {
    String schema = templateName(fingerprint);
    try (ServerLock lock = ServerLock.acquire(control, schema, LOCK_TIMEOUT_SECONDS)) {
      Optional<SchemaOwnership.Marker> marker = SchemaOwnership.read(control, schema);
      if (marker.isPresent()
          && marker.get().ready()
          && marker.get().kind() == SchemaOwnership.Kind.TEMPLATE
          && marker.get().fingerprint().equals(fingerprint)) {
        return new Template(schema, fingerprint, true);
      }
      if (SchemaOwnership.schemaExists(control, schema)) {
        SchemaOwnership.dropOwned(control, schema);
      }
      SchemaOwnership.createMarked(control, schema, SchemaOwnership.Kind.TEMPLATE, fingerprint, "");
      try {
        ProgressLine.whileRunning(
            "migrating " + String.join(",", locations) + " into template " + schema,
            () -> migrate(connections, schema, locations, classLoader));
      } catch (FlywayException e) {
        SchemaOwnership.dropOwned(control, schema);
        throw new MigrationFailedException(
            "dbit: migrating "
                + String.join(",", locations)
                + " into the template schema failed. Flyway reports:\n"
                + describe(e)
                + "\nFix that migration and run again: dbit rebuilds the template from scratch.",
            e);
      }
      SchemaOwnership.markReady(control, schema);
      return new Template(schema, fingerprint, false);
    }
  }

  /** Flyway's message, with the failing statement instead of Flyway's hint to rerun with -X. */
  private static String describe(FlywayException e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof FlywaySqlScriptException script && script.getStatement() != null) {
        String message = e.getMessage().replaceAll("(?m)^Statement\\s*:.*$", "").stripTrailing();
        return message + "\nStatement  : " + script.getStatement().strip();
      }
    }
    return e.getMessage();
  }

  private static void migrate(
      ConnectionFactory connections,
      String schema,
      List<String> locations,
      ClassLoader classLoader) {
    Flyway.configure(classLoader)
        .dataSource(new dev.dbit.internal.jdbc.FactoryDataSource(connections, schema))
        .schemas(schema)
        .createSchemas(false)
        .table(HISTORY_TABLE)
        .locations(locations.toArray(String[]::new))
        .failOnMissingLocations(true)
        .validateMigrationNaming(true)
        // dbit's marker table is already in the schema; baseline below the first migration.
        .baselineOnMigrate(true)
        .baselineVersion("0")
        .baselineDescription("dbit template")
        .load()
        .migrate();
  }
}
