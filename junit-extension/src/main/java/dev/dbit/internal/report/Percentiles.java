package dev.dbit.internal.report;

import java.util.Collection;
import java.util.Locale;

/**
 * Median, p10 and p90 of a sample, with its size; every figure dbit prints comes with these.
 *
 * @param n sample size
 * @param p10 10th percentile
 * @param p50 median
 * @param p90 90th percentile
 */
public record Percentiles(int n, double p10, double p50, double p90) {

  /** Nearest-rank percentiles of {@code values}; all zero for an empty sample. */
  public static Percentiles of(Collection<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    if (sorted.length == 0) {
      return new Percentiles(0, 0, 0, 0);
    }
    return new Percentiles(
        sorted.length, rank(sorted, 0.10), rank(sorted, 0.50), rank(sorted, 0.90));
  }

  private static double rank(double[] sorted, double quantile) {
    int index = (int) Math.ceil(quantile * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  /** For example {@code median 1.92 ms (p10 1.50, p90 3.10, N=245)}. */
  public String describeMillis() {
    return String.format(
        Locale.ROOT, "median %.2f ms (p10 %.2f, p90 %.2f, N=%d)", p50, p10, p90, n);
  }

  @Override
  public String toString() {
    return describeMillis();
  }
}
