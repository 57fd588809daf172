package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.template.CascadingKey;
import dev.dbit.internal.template.SchemaLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the cascades of one reset's changes reached, and how much of each table they reached:
 * nothing where no parent row went and no referenced key changed; the rows under the released
 * values where the binary log showed them, followed down through the template's rows; the whole
 * table where dbit cannot know (a change the log did not follow, a cycle of cascades, a cascade
 * that rewrites columns a further key refers to, a chain deeper than {@value #MAX_DEPTH}).
 */
final class CascadeScope {
  /** Chains longer than this are compared in full rather than nested further. */
  static final int MAX_DEPTH = 4;

  private final Map<String, List<RowCondition>> conditions = new LinkedHashMap<>();
  private final Map<String, Integer> depth = new HashMap<>();
  private final Set<String> inFull = new TreeSet<>();
  private final SchemaLayout layout;
  private final List<CascadingKey> keys;

  private CascadeScope(SchemaLayout layout) {
    this.layout = layout;
    this.keys =
        layout.cascadingKeys().stream()
            .filter(k -> layout.referenceTables().contains(k.child()))
            .toList();
  }

  /** What the cascades from {@code dirty} reached, by what {@code changes} says they released. */
  static CascadeScope of(
      SchemaLayout layout, String template, Collection<String> dirty, ChangedRows changes) {
    CascadeScope scope = new CascadeScope(layout);
    for (CascadingKey key : scope.keys) {
      if (!dirty.contains(key.parent())) {
        continue;
      }
      Optional<Set<List<String>>> released = changes.releasedBy(key.name());
      if (released.isEmpty()) {
        scope.inFull.addAll(layout.withCascades(Set.of(key.child())));
      } else if (!released.get().isEmpty()) {
        scope.add(key.child(), 1, new RowCondition.Released(key.childColumns(), released.get()));
      }
    }
    scope.followDown(template);
    return scope;
  }

  /** Adds, breadth first, the rows under the template's rows of every table reached. */
  private void followDown(String template) {
    ArrayDeque<String> work = new ArrayDeque<>(conditions.keySet());
    while (!work.isEmpty()) {
      String reached = work.poll();
      for (CascadingKey key : keys) {
        if (!key.parent().equals(reached) || inFull.contains(key.child())) {
          continue;
        }
        int level = depth.get(reached) + 1;
        if (level > MAX_DEPTH
            || layout.withCascades(Set.of(key.child())).contains(reached)
            || rewritesReferencedColumns(key)) {
          inFull.addAll(layout.withCascades(Set.of(key.child())));
          continue;
        }
        boolean first = !conditions.containsKey(key.child());
        add(
            key.child(),
            level,
            new RowCondition.Under(
                key.childColumns(),
                qualified(template, reached),
                key.parentColumns(),
                conditions.get(reached)));
        if (first) {
          work.add(key.child());
        }
      }
    }
  }

  /**
   * Whether a cascade into {@code key}'s parent may leave its rows with other values in the columns
   * {@code key} refers to: then the template's rows do not show which child rows moved.
   */
  private boolean rewritesReferencedColumns(CascadingKey key) {
    return keys.stream()
        .filter(k -> k.child().equals(key.parent()) && k.rewritesChildColumns())
        .anyMatch(k -> k.childColumns().stream().anyMatch(key.parentColumns()::contains));
  }

  private void add(String table, int level, RowCondition condition) {
    conditions.computeIfAbsent(table, t -> new ArrayList<>()).add(condition);
    depth.merge(table, level, Math::min);
  }

  /** Every table a cascade reached, in part or in full. */
  Set<String> reached() {
    Set<String> reached = new TreeSet<>(conditions.keySet());
    reached.addAll(inFull);
    return reached;
  }

  /** Whether {@code table} must be compared with the template (or reloaded) in full. */
  boolean inFull(String table) {
    return inFull.contains(table);
  }

  /** The rows of {@code table} a cascade may have changed; empty when it reached none of them. */
  List<RowCondition> conditions(String table) {
    return inFull.contains(table) ? List.of() : conditions.getOrDefault(table, List.of());
  }
}
