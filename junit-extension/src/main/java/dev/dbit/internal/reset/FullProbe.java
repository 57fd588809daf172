package dev.dbit.internal.reset;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The safe question every reset falls back to, in one request: which tables of the copy differ from
 * the post-migration state? Tables empty after migration are asked for a row, reference tables are
 * checksummed, and large tables dbit's key triggers account for are asked for a recorded key
 * instead.
 */
final class FullProbe {
  private final Supplier<Connection> control;
  private final String copy;
  private final SchemaLayout layout;
  private final ReferenceChecksums checksums;
  private final Optional<KeyTables> keys;
  private final List<String> emptyTables;
  private final List<String> referenceTables;
  private final String existsSql;

  FullProbe(
      Supplier<Connection> control,
      String copy,
      SchemaLayout layout,
      ReferenceChecksums checksums,
      Optional<KeyTables> keys) {
    this.control = control;
    this.copy = copy;
    this.layout = layout;
    this.checksums = checksums;
    this.keys = keys;
    this.emptyTables = layout.emptyTables();
    this.referenceTables = List.copyOf(layout.referenceTables());
    this.existsSql = emptyTables.isEmpty() ? "" : SchemaLayout.probeSql(copy, emptyTables);
  }

  /**
   * Tables that differ from the post-migration state, in one round trip. Where key triggers keep a
   * complete account, their key tables stand in for the checksums of the tables they track, and a
   * cascade from a differing table makes the tracked tables it reaches differ too.
   */
  List<String> differing() throws SQLException {
    Optional<KeyTables> keyed = keys.filter(KeyTables::complete);
    List<String> checksummed =
        referenceTables.stream()
            .filter(t -> keyed.isEmpty() || !keyed.get().tables().contains(t))
            .toList();
    List<String> parts = new ArrayList<>();
    if (!existsSql.isEmpty()) {
      parts.add(existsSql);
    }
    if (keyed.isPresent()) {
      parts.add(keyed.get().probeSql());
    }
    if (!checksummed.isEmpty()) {
      parts.add(checksums.sql(checksummed));
    }
    List<String> dirty = new ArrayList<>();
    Map<String, Long> read = Map.of();
    if (!parts.isEmpty()) {
      try (Statement statement = control.get().createStatement()) {
        boolean isResult = statement.execute(String.join(";\n", parts));
        if (!emptyTables.isEmpty()) {
          try (ResultSet rows = statement.getResultSet()) {
            dirty.addAll(SchemaLayout.nonEmptyTables(rows, emptyTables));
          }
          isResult = statement.getMoreResults();
        }
        if (keyed.isPresent() && isResult) {
          try (ResultSet rows = statement.getResultSet()) {
            dirty.addAll(keyed.get().changedTables(rows));
          }
          isResult = statement.getMoreResults();
        }
        if (!checksummed.isEmpty() && isResult) {
          try (ResultSet rows = statement.getResultSet()) {
            read = checksums.read(rows);
          }
        }
      }
    }
    dirty.addAll(checksums.changed(read, checksummed));
    if (keyed.isPresent()) {
      for (String reached : layout.withCascades(new LinkedHashSet<>(dirty))) {
        if (keyed.get().tables().contains(reached) && !dirty.contains(reached)) {
          dirty.add(reached);
        }
      }
    }
    return dirty;
  }

  /**
   * Which of {@code flagged} still differ after a rolled-back test: a followed large table exactly
   * when the log shows a committed change of it, the others by one probe of those alone.
   */
  Set<String> afterRollback(Set<String> flagged, ChangedRows changes) throws SQLException {
    Set<String> cascadedInto = new LinkedHashSet<>();
    flagged.forEach(t -> cascadedInto.addAll(layout.cascadeChildren().getOrDefault(t, Set.of())));
    Set<String> logged = new LinkedHashSet<>();
    for (String table : flagged) {
      if (!cascadedInto.contains(table) && layout.rowKeys().containsKey(table)) {
        changes.of(table).ifPresent(keys -> logged.add(table));
      }
    }
    List<String> empty = emptyTables.stream().filter(flagged::contains).toList();
    List<String> reference =
        referenceTables.stream()
            .filter(flagged::contains)
            .filter(t -> !logged.contains(t))
            .toList();
    Set<String> differing = new LinkedHashSet<>(flagged);
    differing.removeAll(empty);
    differing.removeAll(reference);
    logged.stream().filter(t -> changes.of(t).orElseThrow().isEmpty()).forEach(differing::remove);
    if (empty.isEmpty() && reference.isEmpty()) {
      return differing;
    }
    differing.addAll(differingOf(empty, reference));
    return differing;
  }

  /**
   * Those of {@code empty} (empty after migration) that hold a row and those of {@code reference}
   * whose checksum moved, in one request.
   */
  private List<String> differingOf(List<String> empty, List<String> reference) throws SQLException {
    List<String> parts = new ArrayList<>();
    if (!empty.isEmpty()) {
      parts.add(SchemaLayout.probeSql(copy, empty));
    }
    if (!reference.isEmpty()) {
      parts.add(checksums.sql(reference));
    }
    List<String> differing = new ArrayList<>();
    try (Statement statement = control.get().createStatement()) {
      boolean isResult = statement.execute(String.join(";\n", parts));
      if (!empty.isEmpty()) {
        try (ResultSet rows = statement.getResultSet()) {
          differing.addAll(SchemaLayout.nonEmptyTables(rows, empty));
        }
        isResult = statement.getMoreResults();
      }
      if (!reference.isEmpty() && isResult) {
        try (ResultSet rows = statement.getResultSet()) {
          differing.addAll(checksums.changed(checksums.read(rows), reference));
        }
      }
    }
    return differing;
  }
}
