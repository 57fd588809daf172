package dev.dbit.internal.template;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;
import static dev.dbit.internal.jdbc.SqlIdentifiers.quote;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * dbit's own schema beside a copy, {@code <copy>_dbit}: the tables dbit's triggers write (changed
 * tables, keys of changed rows) and the binary log position a run left the copy clean at. The copy
 * itself holds only what the template holds, so a test that lists or compares its tables sees the
 * user's schema and nothing else.
 *
 * <p>Marked like every schema dbit creates ({@link SchemaOwnership.Kind#BOOKKEEPING}), created on
 * first use and dropped with its copy.
 */
public final class BookkeepingSchema {
  private static final String SUFFIX = "_dbit";

  private BookkeepingSchema() {}

  /** The name of {@code copy}'s bookkeeping schema. */
  public static String of(String copy) {
    return copy + SUFFIX;
  }

  /** The copy a bookkeeping schema belongs to, when {@code schema} is named like one. */
  static Optional<String> copyOf(String schema) {
    return schema.endsWith(SUFFIX)
        ? Optional.of(schema.substring(0, schema.length() - SUFFIX.length()))
        : Optional.empty();
  }

  /**
   * Creates {@code copy}'s bookkeeping schema unless it exists, marked with the copy's fingerprint.
   *
   * @return its name
   * @throws SchemaNotOwnedException when a schema of that name exists that dbit did not create
   */
  public static String ensure(Connection control, String copy) throws SQLException {
    String schema = of(copy);
    if (SchemaOwnership.schemaExists(control, schema)) {
      SchemaOwnership.requireOwned(control, schema, "keep bookkeeping in");
      return schema;
    }
    SchemaOwnership.Marker copyMarker = SchemaOwnership.requireOwned(control, copy, "track");
    SchemaOwnership.createMarked(
        control,
        schema,
        SchemaOwnership.Kind.BOOKKEEPING,
        copyMarker.fingerprint(),
        SchemaOwnership.defaults(control, copy));
    SchemaOwnership.markReady(control, schema);
    return schema;
  }

  /** Whether {@code table} exists in {@code copy}'s bookkeeping schema. */
  public static boolean holds(Connection control, String copy, String table) throws SQLException {
    return SchemaOwnership.tableExists(control, of(copy), table);
  }

  /** {@code table} of {@code copy}'s bookkeeping schema, quoted. */
  public static String table(String copy, String table) {
    return qualified(of(copy), table);
  }

  /** Drops {@code copy}'s bookkeeping schema when it exists and dbit created it. */
  static void dropFor(Connection control, String copy) throws SQLException {
    String schema = of(copy);
    Optional<SchemaOwnership.Marker> marker = SchemaOwnership.read(control, schema);
    if (marker.isPresent() && marker.get().kind() == SchemaOwnership.Kind.BOOKKEEPING) {
      try (Statement statement = control.createStatement()) {
        statement.execute("DROP DATABASE " + quote(schema));
      }
    }
  }
}
