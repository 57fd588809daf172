package dev.dbit.internal.shape;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The statements of one test by shape: count and JDBC time per shape, counts per kind. Holds at
 * most {@value #SHAPE_LIMIT} shapes, so that a test that builds SQL with inlined values cannot grow
 * it without bound; statements of further shapes still count in their kind and in {@link
 * #untracked()}. Safe for the threads of one test (its pool, its own connections, the application's
 * threads).
 */
public final class ShapeTally {
  static final int SHAPE_LIMIT = 200;

  private final Map<StatementShape, Entry> shapes = new ConcurrentHashMap<>();
  private final Map<StatementKind, LongAdder> kinds = new EnumMap<>(StatementKind.class);
  private final LongAdder untracked = new LongAdder();

  /**
   * One shape's totals.
   *
   * @param shape the shape
   * @param count how many statements had it
   * @param nanos their time inside JDBC calls
   */
  public record Count(StatementShape shape, long count, long nanos) {}

  private static final class Entry {
    final LongAdder count = new LongAdder();
    final LongAdder nanos = new LongAdder();
  }

  public ShapeTally() {
    for (StatementKind kind : StatementKind.values()) {
      kinds.put(kind, new LongAdder());
    }
  }

  /** Counts one execution of {@code sql} that spent {@code nanos} in JDBC. */
  public void add(String sql, long nanos) {
    StatementShape shape = StatementShape.of(sql);
    kinds.get(shape.kind()).increment();
    Entry entry = shapes.get(shape);
    if (entry == null && shapes.size() < SHAPE_LIMIT) {
      entry = shapes.computeIfAbsent(shape, s -> new Entry());
    }
    if (entry == null) {
      untracked.increment();
      return;
    }
    entry.count.increment();
    entry.nanos.add(nanos);
  }

  /** Statements per kind. */
  public Map<StatementKind, Long> byKind() {
    Map<StatementKind, Long> counts = new EnumMap<>(StatementKind.class);
    kinds.forEach((kind, adder) -> counts.put(kind, adder.sum()));
    return counts;
  }

  /** The shapes, the most statements first, then the most JDBC time. */
  public List<Count> heaviestFirst() {
    List<Count> counts = new ArrayList<>();
    shapes.forEach(
        (shape, entry) -> counts.add(new Count(shape, entry.count.sum(), entry.nanos.sum())));
    counts.sort(
        Comparator.comparingLong(Count::count)
            .thenComparingLong(Count::nanos)
            .reversed()
            .thenComparing(c -> c.shape().text()));
    return counts;
  }

  /** Statements whose shape came after the first {@value #SHAPE_LIMIT}. */
  public long untracked() {
    return untracked.sum();
  }
}
