/**
 * dbit's implementation. Not public API: nothing here is stable, do not use it from tests.
 *
 * <p>Its packages, from the top: {@code extension} is the JUnit extension and its parameters,
 * {@code spring} adapts Spring's TestContext framework; {@code run} is one worker's run ({@code
 * RunStarter} wires a {@code WorkerRun}, whose {@code TestLifecycle} runs one test after the
 * other); {@code reset} restores the test schema before every test (one engine, one change source
 * per run, chosen in {@code ResetEngines}), {@code binlog} follows the server's binary log for the
 * rows tests changed, {@code doctor} reads what the server's settings and the path to it cost,
 * {@code stall} judges transport stalls, {@code measure} measures each test, {@code shape} groups
 * statements by shape, {@code template} migrates the template and copies it, {@code report} writes
 * report lines, JSON and HTML; {@code jdbc} holds connection helpers, {@code server} provisions a
 * database server, {@code config} reads and validates settings, and {@code logging} routes the logs
 * of the libraries dbit brings.
 */
package dev.dbit.internal;
