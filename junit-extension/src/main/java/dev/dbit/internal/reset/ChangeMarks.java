package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import dev.dbit.internal.template.BookkeepingSchema;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What dbit's triggers ({@link ChangeMarkers}) recorded in a copy's bookkeeping schema, as the
 * statements that read it and forget it: the changed tables, the parents that released values to a
 * cascade, and the values they released.
 */
final class ChangeMarks {
  private final String copy;
  private final ReleaseMarkers releases;

  ChangeMarks(String copy, ReleaseMarkers releases) {
    this.copy = copy;
    this.releases = releases;
  }

  /**
   * The marked tables, read uncommitted so that a transaction still open shows what it wrote: one
   * statement for the one-shot isolation level, one result set.
   */
  String readSql() {
    return "SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED;\n" + committedReadSql();
  }

  /** The marked tables and the parents that released values, as committed: one result set. */
  String committedReadSql() {
    return "SELECT DISTINCT table_name, 0 FROM "
        + BookkeepingSchema.table(copy, ChangeMarkers.TABLE)
        + " UNION ALL SELECT DISTINCT table_name, 1 FROM "
        + BookkeepingSchema.table(copy, ReleaseMarkers.TABLE);
  }

  /** What the triggers recorded: the marked tables, and the parents that released values. */
  record Marked(Set<String> tables, Set<String> released) {
    static final Marked NOTHING = new Marked(Set.of(), Set.of());
  }

  /** Reads the result of {@link #readSql()} or {@link #committedReadSql()}. */
  static Marked read(ResultSet rows) throws SQLException {
    Set<String> tables = new LinkedHashSet<>();
    Set<String> released = new LinkedHashSet<>();
    while (rows.next()) {
      (rows.getInt(2) == 1 ? released : tables).add(rows.getString(1));
    }
    return new Marked(tables, released);
  }

  /**
   * Forgets the markers of {@code tables}; sent before the cleanup that restores them, so that a
   * write after it is either undone by that cleanup or marked again.
   */
  String clearSql(Collection<String> tables) {
    if (tables.isEmpty()) {
      return "";
    }
    String in = tables.stream().map(t -> literal(t)).collect(Collectors.joining(", "));
    return "DELETE FROM "
        + BookkeepingSchema.table(copy, ChangeMarkers.TABLE)
        + " WHERE table_name IN ("
        + in
        + ");\nDELETE FROM "
        + BookkeepingSchema.table(copy, ReleaseMarkers.TABLE)
        + " WHERE table_name IN ("
        + in
        + ")";
  }

  /**
   * Forgets the values the parents among {@code tables} released; sent last in the cleanup that
   * restored the rows under them.
   */
  String clearValuesSql(Collection<String> tables) {
    return releases.clearValuesSql(tables);
  }

  /** Forgets every marker; sent before a probe that compares every table. */
  String clearAllSql() {
    String values = releases.clearValuesSql(null);
    return "DELETE FROM "
        + BookkeepingSchema.table(copy, ChangeMarkers.TABLE)
        + ";\nDELETE FROM "
        + BookkeepingSchema.table(copy, ReleaseMarkers.TABLE)
        + (values.isEmpty() ? "" : ";\n" + values);
  }
}
