package dev.dbit.internal.config;

/**
 * The stall guard's settings.
 *
 * @param mode fail, warn or off
 * @param minStatements fewest statements a judged test ran
 * @param maxSqlShare largest share of wall time the server may spend on the test's SQL
 */
public record StallSettings(Mode mode, int minStatements, double maxSqlShare) {
  /** Fewest statements a test runs to be judged alone. */
  public static final int MIN_STATEMENTS = 20;

  /** Largest share of a stalled test's wall time the server spends on its SQL. */
  public static final double MAX_SQL_SHARE = 0.2;

  /** {@code mode} with dbit's limits. */
  static StallSettings of(Mode mode) {
    return new StallSettings(mode, MIN_STATEMENTS, MAX_SQL_SHARE);
  }
}
