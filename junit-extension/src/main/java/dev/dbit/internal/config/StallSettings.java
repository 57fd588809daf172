package dev.dbit.internal.config;

/**
 * The stall guard's settings.
 *
 * @param mode fail, warn or off
 * @param minStatements fewest statements a judged test ran
 * @param maxSqlShare largest share of wall time the server may spend on the test's SQL
 */
public record StallSettings(Mode mode, int minStatements, double maxSqlShare) {}
