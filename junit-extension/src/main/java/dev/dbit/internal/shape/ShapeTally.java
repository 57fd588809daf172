package dev.dbit.internal.shape;

import dev.dbit.StatementKind;
import dev.dbit.StatementShape;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The statements of one test by shape: count, distinct values and JDBC time per shape, counts per
 * kind. Holds at most {@value #SHAPE_LIMIT} shapes, so that a test that builds SQL with inlined
 * values cannot grow it without bound; statements of further shapes still count in their kind and
 * in {@link #untracked()}. Distinct values are counted up to {@code distinctLimit} per shape. Safe
 * for the threads of one test (its pool, its own connections, the application's threads).
 */
public final class ShapeTally {
  static final int SHAPE_LIMIT = 200;

  private final int distinctLimit;
  private final Map<NormalizedSql, Entry> shapes = new ConcurrentHashMap<>();
  private final Map<StatementKind, LongAdder> kinds = new EnumMap<>(StatementKind.class);
  private final LongAdder untracked = new LongAdder();

  private static final class Entry {
    final LongAdder count = new LongAdder();
    final LongAdder nanos = new LongAdder();
    final Set<Long> values = ConcurrentHashMap.newKeySet();
  }

  /** A tally that counts distinct values up to {@code distinctLimit} per shape. */
  public ShapeTally(int distinctLimit) {
    this.distinctLimit = distinctLimit;
    for (StatementKind kind : StatementKind.values()) {
      kinds.put(kind, new LongAdder());
    }
  }

  /**
   * Counts one execution of {@code sql} that spent {@code nanos} in JDBC; {@code values} is a hash
   * of its bound values (0 without any).
   */
  public void add(String sql, long values, long nanos) {
    NormalizedSql shape = NormalizedSql.of(sql);
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
    if (entry.values.size() < distinctLimit) {
      // The text holds the literals: two texts of one shape differ only in them.
      entry.values.add(sql.hashCode() * 31L + values);
    }
  }

  /** Statements per kind. */
  public Map<StatementKind, Long> byKind() {
    Map<StatementKind, Long> counts = new EnumMap<>(StatementKind.class);
    kinds.forEach((kind, adder) -> counts.put(kind, adder.sum()));
    return counts;
  }

  /** The shapes, the most statements first, then the most JDBC time. */
  public List<StatementShape> heaviestFirst() {
    List<StatementShape> counts = new ArrayList<>();
    shapes.forEach(
        (shape, entry) ->
            counts.add(
                new StatementShape(
                    shape.text(),
                    shape.kind(),
                    entry.count.sum(),
                    entry.values.size(),
                    entry.nanos.sum() / 1e6)));
    counts.sort(
        Comparator.comparingLong(StatementShape::count)
            .thenComparingDouble(StatementShape::jdbcMillis)
            .reversed()
            .thenComparing(StatementShape::sql));
    return counts;
  }

  /** Statements whose shape came after the first {@value #SHAPE_LIMIT}. */
  long untracked() {
    return untracked.sum();
  }
}
