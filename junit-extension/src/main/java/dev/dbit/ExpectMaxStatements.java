package dev.dbit;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Fails a {@link DbIntegrationTest} test method that executes more statements than allowed, as
 * counted on connections from dbit (JDBC {@code execute*} calls; a batch counts once), in all or of
 * one {@linkplain StatementKind kind}. The failure lists what ran, by kind and by shape.
 *
 * <p>On a class it applies to every test method that does not carry its own. Use it to pin N+1
 * query bugs down:
 *
 * <pre>{@code
 * @Test
 * @ExpectMaxStatements(3)
 * void loadsAnOrderWithItsLinesInThreeQueries(DataSource dataSource) { ... }
 *
 * @Test
 * @ExpectMaxStatements(select = 2)
 * void listsOrdersWithTwoSelectsAtMost(DataSource dataSource) { ... }
 * }</pre>
 *
 * <p>A limit left at {@code -1} is not checked. {@link ExpectStatements} expects exact counts.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface ExpectMaxStatements {
  /** The most statements the test may execute, of any kind. */
  int value() default -1;

  /** The most {@code SELECT}s. */
  int select() default -1;

  /** The most {@code INSERT}s (and {@code REPLACE}s). */
  int insert() default -1;

  /** The most {@code UPDATE}s. */
  int update() default -1;

  /** The most {@code DELETE}s. */
  int delete() default -1;

  /** The most other statements ({@code SET}, {@code CALL}, DDL, ...). */
  int other() default -1;
}
