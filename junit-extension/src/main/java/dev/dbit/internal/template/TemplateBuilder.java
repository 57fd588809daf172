package dev.dbit.internal.template;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.jdbc.FactoryDataSource;
import dev.dbit.internal.jdbc.ServerLock;
import dev.dbit.internal.jdbc.SqlIdentifiers;
import dev.dbit.internal.server.ProgressLine;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.internal.sqlscript.FlywaySqlScriptException;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

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

  /** The version dbit baselines its template at, below which Flyway would skip a migration. */
  private static final MigrationVersion BASELINE = MigrationVersion.fromVersion("0");

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

  /** Layouts of the templates read in this JVM, by server and template. */
  private static final Map<String, SchemaLayout> LAYOUTS = new ConcurrentHashMap<>();

  /**
   * The layout of {@code template} on {@code server}, read again only where this run built it: a
   * template never changes once built, and reading one of 135 tables took about 100 ms at every
   * run's start.
   */
  public static SchemaLayout layout(Connection control, String server, Template template)
      throws SQLException {
    String key = server + " " + template.schema();
    SchemaLayout known = LAYOUTS.get(key);
    if (known == null || !template.reused()) {
      known = SchemaLayout.read(control, template.schema());
      LAYOUTS.put(key, known);
    }
    return known;
  }

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
      Optional<String> changelog,
      String fingerprint,
      Optional<String> collation,
      ClassLoader classLoader)
      throws SQLException {
    String schema = templateName(fingerprint);
    try (ServerLock lock = ServerLock.acquire(control, schema, LOCK_TIMEOUT_SECONDS)) {
      Optional<SchemaOwnership.Marker> marker = SchemaOwnership.read(control, schema);
      if (marker.isPresent()
          && marker.get().ready()
          && marker.get().kind() == SchemaOwnership.Kind.TEMPLATE
          && marker.get().fingerprint().equals(fingerprint)) {
        SchemaOwnership.touch(control, schema);
        return new Template(schema, fingerprint, true);
      }
      if (SchemaOwnership.schemaExists(control, schema)) {
        SchemaOwnership.dropOwned(control, schema);
      }
      createMarked(control, schema, fingerprint, collation);
      try {
        if (!locations.isEmpty()) {
          ProgressLine.whileRunning(
              TemplateScripts.describe(locations) + " to template " + schema,
              () -> migrate(connections, schema, locations, classLoader));
        }
      } catch (FlywayException e) {
        SchemaOwnership.dropOwned(control, schema);
        if (e instanceof AtOrBelowBaseline refused) {
          throw new MigrationFailedException(refused.getMessage(), e);
        }
        throw new MigrationFailedException(
            "dbit: migrating "
                + String.join(",", locations)
                + " into the template schema failed. Flyway reports:\n"
                + describe(e)
                + "\nFix that migration and run again: dbit rebuilds the template from scratch.",
            e);
      }
      if (changelog.isPresent()) {
        applyChangelog(control, connections, schema, changelog.get(), classLoader);
      }
      SchemaOwnership.markReady(control, schema);
      return new Template(schema, fingerprint, false);
    }
  }

  private static void applyChangelog(
      Connection control,
      ConnectionFactory connections,
      String schema,
      String changelog,
      ClassLoader classLoader)
      throws SQLException {
    try {
      ProgressLine.whileRunning(
          "applying Liquibase changelog " + changelog + " to template " + schema,
          () -> LiquibaseChangelog.update(connections, schema, changelog, classLoader));
    } catch (ExtensionConfigurationException e) {
      SchemaOwnership.dropOwned(control, schema);
      throw e;
    } catch (Exception e) {
      SchemaOwnership.dropOwned(control, schema);
      Throwable cause = e;
      while (cause.getCause() != null && cause.getCause() != cause) {
        cause = cause.getCause();
      }
      throw new MigrationFailedException(
          "dbit: applying the Liquibase changelog "
              + changelog
              + " to the template schema failed: "
              + cause.getMessage()
              + "\nFix that changeset and run again: dbit rebuilds the template from scratch.",
          e);
    }
  }

  private static void createMarked(
      Connection control, String schema, String fingerprint, Optional<String> collation)
      throws SQLException {
    try {
      SchemaOwnership.createMarked(
          control,
          schema,
          SchemaOwnership.Kind.TEMPLATE,
          fingerprint,
          collation.map(c -> " COLLATE " + SqlIdentifiers.quote(c)).orElse(""));
    } catch (SQLException e) {
      if (collation.isEmpty() || SchemaOwnership.schemaExists(control, schema)) {
        throw e;
      }
      throw new ExtensionConfigurationException(
          "dbit: the server cannot create a schema with collation '"
              + collation.get()
              + "' ("
              + DbIntegrationTest.SCHEMA_COLLATION
              + "): "
              + e.getMessage()
              + ". SHOW COLLATION lists the collations it has.",
          e);
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
    MigrationProgress progress = new MigrationProgress(schema);
    Flyway flyway =
        Flyway.configure(classLoader)
            .callbacks(progress)
            .dataSource(new FactoryDataSource(connections, schema))
            .schemas(schema)
            .createSchemas(false)
            .table(HISTORY_TABLE)
            .locations(locations.toArray(String[]::new))
            .failOnMissingLocations(true)
            .validateMigrationNaming(true)
            // dbit's marker table is already in the schema; baseline below the first migration.
            .baselineOnMigrate(true)
            .baselineVersion(BASELINE.getVersion())
            .baselineDescription("dbit template")
            .load();
    MigrationInfo[] pending = flyway.info().pending();
    for (MigrationInfo migration : flyway.info().all()) {
      if (migration.getVersion() != null && migration.getVersion().compareTo(BASELINE) <= 0) {
        throw new AtOrBelowBaseline(migration);
      }
    }
    progress.expect(pending.length);
    flyway.migrate();
  }

  /** A versioned migration Flyway would skip without a word: refused before anything runs. */
  private static final class AtOrBelowBaseline extends FlywayException {
    private static final long serialVersionUID = 1L;

    AtOrBelowBaseline(MigrationInfo migration) {
      super(
          "dbit: the migration "
              + migration.getScript()
              + " (version "
              + migration.getVersion()
              + ") would never run: dbit migrates its template on top of a Flyway baseline at"
              + " version 0 (the schema already holds dbit's marker table), and Flyway skips every"
              + " versioned migration at or below its baseline. Give it a version above 0, for"
              + " example V0_1__ instead of V0__ (versions order as numbers, so it still runs"
              + " before V1__).");
    }
  }
}
