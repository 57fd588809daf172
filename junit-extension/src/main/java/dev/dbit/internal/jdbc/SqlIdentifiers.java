package dev.dbit.internal.jdbc;

/** Quotes identifiers dbit builds into SQL, so no schema or table name can break a statement. */
public final class SqlIdentifiers {
  private SqlIdentifiers() {}

  /** {@code name} in backticks, with embedded backticks doubled. */
  public static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** {@code schema.table}, both quoted. */
  public static String qualified(String schema, String table) {
    return quote(schema) + "." + quote(table);
  }

  /**
   * A string literal with its quotes doubled, valid with and without NO_BACKSLASH_ESCAPES; a value
   * with a backslash is refused (dbit never builds one), since the two modes read it differently.
   */
  public static String literal(String value) {
    if (value.indexOf('\\') >= 0) {
      throw new IllegalArgumentException(
          "dbit: cannot name "
              + value
              + " in SQL: a backslash reads differently with and without"
              + " NO_BACKSLASH_ESCAPES. Rename it without one.");
    }
    return "'" + value.replace("'", "''") + "'";
  }
}
