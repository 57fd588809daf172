/**
 * dbit's implementation. Not public API: nothing here is stable, do not use it from tests.
 *
 * <p>Sub-packages follow the life of a run: {@code config} reads settings, {@code server}
 * provisions a database server, {@code template} migrates and copies schemas, {@code reset}
 * restores the test schema before every test, {@code jdbc} holds connection helpers.
 */
package dev.dbit.internal;
