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
    this.keys = layout.referenceCascades();
  }

  /**
   * What the cascades from {@code dirty}, and from any parent {@code changes} says released values,
   * reached.
   */
  static CascadeScope of(
      SchemaLayout layout, String template, Collection<String> dirty, ChangedRows changes) {
    CascadeScope scope = new CascadeScope(layout);
    for (CascadingKey key : scope.keys) {
      Optional<Set<List<String>>> released = changes.releasedBy(key.name());
      String held = changes.valueTables().get(key.name());
      // A parent that released values counts even when it no longer differs (a deleted row put
      // back after a rollback elsewhere in the test): its cascade still took the rows under them.
      boolean releasedAny = held != null || released.map(r -> !r.isEmpty()).orElse(false);
      if (!dirty.contains(key.parent()) && !releasedAny) {
        continue;
      }
      if (held != null) {
        scope.add(
            key.child(), 1, new RowCondition.HeldIn(key.childColumns(), held, key.parentColumns()));
      } else if (released.isEmpty()) {
        scope.inFull.addAll(layout.withCascades(Set.of(key.child())));
      } else if (!released.get().isEmpty()) {
        scope.add(key.child(), 1, new RowCondition.Released(key.childColumns(), released.get()));
      }
    }
    scope.followDown(template);
    return scope;
  }

  /**
   * Adds the rows under the template's rows of every table reached, parents before children, one
   * condition per chain: a disjunction would make the server scan the table.
   */
  private void followDown(String template) {
    for (String reached : parentsFirst()) {
      if (!conditions.containsKey(reached)) {
        continue;
      }
      for (CascadingKey key : keys) {
        if (!key.parent().equals(reached) || inFull.contains(key.child())) {
          continue;
        }
        if (inFull.contains(reached)
            || depth.get(reached) >= MAX_DEPTH
            || layout.withCascades(Set.of(key.child())).contains(reached)
            || rewritesReferencedColumns(key)) {
          inFull.addAll(layout.withCascades(Set.of(key.child())));
          continue;
        }
        for (RowCondition above : List.copyOf(conditions.get(reached))) {
          add(
              key.child(),
              depth.get(reached) + 1,
              new RowCondition.Under(
                  key.childColumns(), qualified(template, reached), key.parentColumns(), above));
        }
      }
    }
  }

  /**
   * The tables cascades reach from those with conditions so far, each after every table whose
   * cascade reaches it; tables on a cycle come last (they are compared in full).
   */
  private List<String> parentsFirst() {
    Set<String> reachable = new TreeSet<>();
    conditions.keySet().forEach(t -> reachable.addAll(layout.withCascades(Set.of(t))));
    Map<String, Integer> parents = new HashMap<>();
    reachable.forEach(t -> parents.put(t, 0));
    for (CascadingKey key : keys) {
      if (reachable.contains(key.parent()) && reachable.contains(key.child())) {
        parents.merge(key.child(), 1, Integer::sum);
      }
    }
    ArrayDeque<String> ready = new ArrayDeque<>();
    parents.forEach(
        (t, n) -> {
          if (n == 0) {
            ready.add(t);
          }
        });
    List<String> ordered = new ArrayList<>();
    while (!ready.isEmpty()) {
      String table = ready.poll();
      ordered.add(table);
      for (CascadingKey key : keys) {
        if (key.parent().equals(table)
            && parents.containsKey(key.child())
            && parents.merge(key.child(), -1, Integer::sum) == 0) {
          ready.add(key.child());
        }
      }
    }
    reachable.stream().filter(t -> !ordered.contains(t)).forEach(ordered::add);
    return ordered;
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

  /**
   * How this run restores what cascades change, for the ready line: empty without cascades into
   * reference tables.
   */
  static String describe(SchemaLayout layout, boolean followsLog, boolean marksReleases) {
    CascadeScope all = new CascadeScope(layout);
    if (all.keys.isEmpty()) {
      return "";
    }
    Set<String> parents = new TreeSet<>();
    Set<String> reached = new TreeSet<>();
    Map<String, Set<List<String>>> released = new HashMap<>();
    for (CascadingKey key : all.keys) {
      parents.add(key.parent());
      reached.addAll(layout.withCascades(Set.of(key.child())));
      released.put(key.name(), Set.of(List.of("0")));
    }
    if (followsLog || marksReleases) {
      ChangedRows everything = new ChangedRows(Map.of(), Set.of(), released, released.keySet());
      Set<String> inFull = of(layout, "", parents, everything).inFull;
      return "; cascades restored by the rows under the keys their parents released ("
          + (followsLog ? "binary log" : "values kept by dbit's triggers")
          + ")"
          + (inFull.isEmpty()
              ? ""
              : ", compared with the template in full (a cycle of cascades, a cascade that"
                  + " rewrites a column a further key refers to, or more than "
                  + MAX_DEPTH
                  + " levels down): "
                  + String.join(", ", inFull));
    }
    return "; tables cascades reach, compared with the template in full after their parent"
        + " changed (no binary log shows what it released): "
        + String.join(", ", reached);
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
