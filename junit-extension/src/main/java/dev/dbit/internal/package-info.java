/**
 * dbit's implementation. Not public API: nothing here is stable, do not use it from tests.
 *
 * <p>This package runs tests on one server ({@code DbitRun}, wired by {@code RunStarter}, one test
 * after the other in {@code TestLifecycle}); its sub-packages follow the life of a run: {@code
 * extension} is the JUnit extension and its parameters, {@code config} reads and validates
 * settings, {@code server} provisions a database server, {@code template} migrates the template and
 * copies it, {@code reset} restores the test schema before every test (one engine, one change
 * source per run, chosen in {@code ResetEngines}), {@code binlog} follows the server's binary log
 * for the rows tests changed, {@code measure} measures each test, {@code shape} groups statements
 * by shape, {@code stall} judges transport stalls, {@code report} writes report lines, JSON and
 * HTML, {@code spring} adapts Spring's TestContext framework, {@code logging} routes the logs of
 * the libraries dbit brings, and {@code jdbc} holds connection helpers.
 */
package dev.dbit.internal;
