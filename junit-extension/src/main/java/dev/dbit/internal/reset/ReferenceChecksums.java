package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The post-migration {@code CHECKSUM TABLE} of a copy's reference tables (the tables that hold rows
 * after migration), and which tables differ from it now: how a probe tells a changed reference
 * table without comparing its rows.
 */
final class ReferenceChecksums {
  private final Supplier<Connection> control;
  private final String copy;
  private Map<String, Long> baseline = Map.of();

  ReferenceChecksums(Supplier<Connection> control, String copy) {
    this.control = control;
    this.copy = copy;
  }

  /** {@code CHECKSUM TABLE} of {@code tables} of the copy; empty when there are none. */
  String sql(Collection<String> tables) {
    return sql(copy, tables);
  }

  /** Reads the result of {@link #sql(Collection)}, by table name. */
  Map<String, Long> read(ResultSet rows) throws SQLException {
    return read(rows, copy);
  }

  /** Those of {@code tables} whose checksum in {@code checksums} differs from the baseline. */
  List<String> changed(Map<String, Long> checksums, Collection<String> tables) {
    List<String> changed = new ArrayList<>();
    for (String table : tables) {
      if (!Objects.equals(checksums.get(table), baseline.get(table))) {
        changed.add(table);
      }
    }
    return changed;
  }

  /** Takes the checksums of {@code tables} in {@code schema} now as the baseline, and only them. */
  void record(String schema, List<String> tables) throws SQLException {
    baseline = Map.copyOf(readNow(schema, tables));
  }

  /** The checksums a probe compares with now. */
  Map<String, Long> recorded() {
    return baseline;
  }

  /** Compares with {@code checksums} from now on (a class's starting state, or the one below). */
  void use(Map<String, Long> checksums) {
    baseline = Map.copyOf(checksums);
  }

  /** The copy's checksums of {@code tables} now. */
  Map<String, Long> now(List<String> tables) throws SQLException {
    return readNow(copy, tables);
  }

  /** Adds the copy's checksums now of those of {@code tables} that have no baseline yet. */
  void complete(List<String> tables) throws SQLException {
    List<String> missing = tables.stream().filter(t -> !baseline.containsKey(t)).toList();
    if (!missing.isEmpty()) {
      Map<String, Long> all = new HashMap<>(baseline);
      all.putAll(readNow(copy, missing));
      baseline = Map.copyOf(all);
    }
  }

  private Map<String, Long> readNow(String schema, List<String> tables) throws SQLException {
    if (tables.isEmpty()) {
      return Map.of();
    }
    try (Statement statement = control.get().createStatement();
        ResultSet rows = statement.executeQuery(sql(schema, tables))) {
      return read(rows, schema);
    }
  }

  private static String sql(String schema, Collection<String> tables) {
    return tables.isEmpty()
        ? ""
        : "CHECKSUM TABLE "
            + String.join(", ", tables.stream().map(t -> qualified(schema, t)).toList());
  }

  /** A {@code CHECKSUM TABLE} result of tables in {@code schema}, by table name. */
  private static Map<String, Long> read(ResultSet rows, String schema) throws SQLException {
    Map<String, Long> checksums = new HashMap<>();
    String prefix = schema + ".";
    while (rows.next()) {
      String name = rows.getString(1);
      checksums.put(
          name.startsWith(prefix) ? name.substring(prefix.length()) : name, rows.getLong(2));
    }
    return checksums;
  }
}
