/**
 * The same tests as the sample's, written as a Boot team writes them without dbit: on an in-memory
 * H2 in MySQL mode, each test in a transaction Spring rolls back, the application's own Flyway
 * migrating H2 at context start. Only the {@code h2} profile runs them: the baseline for the
 * sample's suite time. They share the rollback's limits: nothing a test commits is undone.
 */
package dev.dbit.sample.spring.h2;
