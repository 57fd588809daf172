package dev.dbit.internal.template;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;
import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.dbit.internal.jdbc.MultiStatement;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The marker that makes a schema dbit's own: a one-row table inside it.
 *
 * <p>dbit deletes from or drops a schema only if the marker is there. A user schema never has it,
 * so no setting can make dbit touch user data.
 */
public final class SchemaOwnership {
  /** Name of the marker table; dbit leaves it out of table lists and resets. */
  public static final String MARKER_TABLE = "dbit_schema_marker";

  /** What a marked schema is for. */
  public enum Kind {
    TEMPLATE,
    COPY,
    /** dbit's bookkeeping beside a copy ({@link BookkeepingSchema}). */
    BOOKKEEPING
  }

  /**
   * What the marker says.
   *
   * @param kind template or copy
   * @param fingerprint the migration fingerprint the schema was built from
   * @param ready whether building it finished
   * @param project the project whose run created it ({@link #PROJECT}); empty in markers of dbit
   *     before 0.1.0
   * @param daysUnused whole days since a run last took it (or since it was created)
   */
  public record Marker(
      Kind kind, String fingerprint, boolean ready, String project, long daysUnused) {}

  /**
   * The project this run belongs to: a hash of the directory the tests run in, so that projects
   * sharing a server or a {@code dbit.embedded.dir} tell their copies apart.
   */
  public static final String PROJECT =
      HexFormat.of()
          .formatHex(
              MigrationFingerprint.sha256().digest(projectDirectory().getBytes(UTF_8)), 0, 6);

  private static String projectDirectory() {
    try {
      return Path.of(System.getProperty("user.dir", "")).toRealPath().toString();
    } catch (IOException | RuntimeException e) {
      return System.getProperty("user.dir", "");
    }
  }

  /** MySQL and MariaDB error 1054: a marker of dbit before 0.1.0 has fewer columns. */
  private static final int UNKNOWN_COLUMN = 1054;

  /** The server's "table doesn't exist": a schema another run dropped after the check. */
  private static final int NO_SUCH_TABLE = 1146;

  private static final String MARKER_SQL =
      "SELECT kind, fingerprint, ready, project, TIMESTAMPDIFF(DAY, COALESCE(used_at, created_at),"
          + " CURRENT_TIMESTAMP) FROM ";

  /** The marker's columns since 0.1.0, which {@link #touch} adds to older markers. */
  private static final String PROJECT_COLUMN = "project VARCHAR(64) NOT NULL DEFAULT ''";

  private static final String USED_AT_COLUMN = "used_at TIMESTAMP NULL";

  private SchemaOwnership() {}

  /** The {@code CHARACTER SET ... COLLATE ...} clause of an existing schema. */
  static String defaults(Connection connection, String schema) throws SQLException {
    try (var query =
        connection.prepareStatement(
            "SELECT DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME FROM"
                + " information_schema.SCHEMATA WHERE SCHEMA_NAME = ?")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        rows.next();
        return " CHARACTER SET "
            + quote(rows.getString(1))
            + " COLLATE "
            + quote(rows.getString(2));
      }
    }
  }

  /**
   * Creates {@code schema} with a marker saying it is being built.
   *
   * @param defaults a {@code CHARACTER SET ... COLLATE ...} clause, or empty for the server's
   */
  static void createMarked(
      Connection connection, String schema, Kind kind, String fingerprint, String defaults)
      throws SQLException {
    // One request: a lost connection never leaves the schema without its marker.
    MultiStatement.execute(
        connection,
        "CREATE DATABASE "
            + quote(schema)
            + defaults
            + ";\nCREATE TABLE "
            + qualified(schema, MARKER_TABLE)
            + " (kind VARCHAR(16) NOT NULL, fingerprint VARCHAR(64) NOT NULL,"
            + " ready BOOLEAN NOT NULL, created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, "
            + PROJECT_COLUMN
            + ", "
            + USED_AT_COLUMN
            + ")"
            + " COMMENT 'Created by dbit. A schema holding this table is dbit''s to reset and drop.';\n"
            + "INSERT INTO "
            + qualified(schema, MARKER_TABLE)
            + " (kind, fingerprint, ready, project) VALUES ("
            + literal(kind.name())
            + ", "
            + literal(fingerprint)
            + ", FALSE, "
            + literal(PROJECT)
            + ")");
  }

  static void markReady(Connection connection, String schema) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("UPDATE " + qualified(schema, MARKER_TABLE) + " SET ready = TRUE");
    }
  }

  /**
   * Notes that a run of this project took {@code schema} now. A marker of dbit before 0.1.0 gets
   * the columns a new one has first, so that a template and its copies keep equal tables.
   */
  public static void touch(Connection connection, String schema) throws SQLException {
    String marker = qualified(schema, MARKER_TABLE);
    String update =
        "UPDATE "
            + marker
            + " SET used_at = CURRENT_TIMESTAMP, project = IF(project = '', "
            + literal(PROJECT)
            + ", project)";
    try (Statement statement = connection.createStatement()) {
      try {
        statement.execute(update);
      } catch (SQLException e) {
        if (e.getErrorCode() != UNKNOWN_COLUMN) {
          throw e;
        }
        statement.execute(
            "ALTER TABLE "
                + marker
                + " ADD COLUMN "
                + PROJECT_COLUMN
                + ", ADD COLUMN "
                + USED_AT_COLUMN);
        statement.execute(update);
      }
    }
  }

  public static boolean schemaExists(Connection connection, String schema) throws SQLException {
    try (var query =
        connection.prepareStatement(
            "SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        return rows.next();
      }
    }
  }

  /** Whether {@code schema} holds a table named {@code table}. */
  static boolean tableExists(Connection connection, String schema, String table)
      throws SQLException {
    try (var query =
        connection.prepareStatement(
            "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
      query.setString(1, schema);
      query.setString(2, table);
      try (ResultSet rows = query.executeQuery()) {
        return rows.next();
      }
    }
  }

  /**
   * The marker of {@code schema}, or empty when the schema or its marker does not exist (also when
   * another run drops it while this one reads it).
   */
  public static Optional<Marker> read(Connection connection, String schema) throws SQLException {
    if (!tableExists(connection, schema, MARKER_TABLE)) {
      return Optional.empty();
    }
    try (Statement statement = connection.createStatement()) {
      try (ResultSet rows = statement.executeQuery(MARKER_SQL + qualified(schema, MARKER_TABLE))) {
        return marker(rows, true);
      } catch (SQLException e) {
        if (e.getErrorCode() == NO_SUCH_TABLE) {
          return Optional.empty();
        }
        if (e.getErrorCode() != UNKNOWN_COLUMN) {
          throw e;
        }
      }
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT kind, fingerprint, ready FROM " + qualified(schema, MARKER_TABLE))) {
        return marker(rows, false);
      }
    }
  }

  private static Optional<Marker> marker(ResultSet rows, boolean current) throws SQLException {
    if (!rows.next()) {
      return Optional.empty();
    }
    Kind kind;
    try {
      kind = Kind.valueOf(rows.getString(1));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
    return Optional.of(
        new Marker(
            kind,
            rows.getString(2),
            rows.getBoolean(3),
            current ? rows.getString(4) : "",
            current ? rows.getLong(5) : 0));
  }

  /** Throws unless {@code schema} carries dbit's marker. */
  public static Marker requireOwned(Connection connection, String schema, String action)
      throws SQLException {
    return read(connection, schema)
        .orElseThrow(
            () ->
                new SchemaNotOwnedException(
                    "dbit: refusing to "
                        + action
                        + " schema "
                        + quote(schema)
                        + ": it has no "
                        + MARKER_TABLE
                        + " table, so dbit did not create it. dbit only ever deletes from schemas"
                        + " it created. If this schema is yours, keep it: nothing was changed. If"
                        + " it is a leftover you no longer need, drop it yourself."));
  }

  /** Drops {@code schema} after checking that dbit owns it; a copy goes with its bookkeeping. */
  public static void dropOwned(Connection connection, String schema) throws SQLException {
    Marker marker = requireOwned(connection, schema, "drop");
    if (marker.kind() == Kind.COPY) {
      BookkeepingSchema.dropFor(connection, schema);
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute("DROP DATABASE " + quote(schema));
    }
  }
}
