package dev.dbit;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Fails a {@link DbIntegrationTest} test method whose statements, in all or of a {@linkplain
 * StatementKind kind}, do not number as expected: exactly, or at most with {@code atMost = true};
 * as counted on connections from dbit (JDBC {@code execute*} calls; a batch counts once). The
 * failure lists what ran, by kind and by shape. A count left at {@code -1} is not checked; write
 * {@code update = 0} to require none.
 *
 * <pre>{@code
 * @Test
 * @ExpectStatements(value = 3, atMost = true) // pins an N+1 loop down
 * void loadsAnOrderWithItsLines(DataSource dataSource) { ... }
 *
 * @Test
 * @ExpectStatements(select = 1, update = 1)
 * @ExpectStatements(value = 4, atMost = true)
 * void renamesACustomer(CustomerRepository customers) { ... }
 * }</pre>
 *
 * <p>On a class it applies to every test method that carries none of its own.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(ExpectStatements.All.class)
public @interface ExpectStatements {
  /** Statements of any kind. */
  int value() default -1;

  /** {@code SELECT}s. */
  int select() default -1;

  /** {@code INSERT}s (and {@code REPLACE}s). */
  int insert() default -1;

  /** {@code UPDATE}s. */
  int update() default -1;

  /** {@code DELETE}s. */
  int delete() default -1;

  /** Other statements ({@code SET}, {@code CALL}, DDL, ...). */
  int other() default -1;

  /** The counts are maxima: fewer statements pass too. */
  boolean atMost() default false;

  /**
   * Several expectations on one element, as Java writes repeated {@link ExpectStatements}.
   *
   * @since 0.1
   */
  @API(status = STABLE, since = "0.1")
  @Target({ElementType.METHOD, ElementType.TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Documented
  @Inherited
  @interface All {
    /** The expectations. */
    ExpectStatements[] value();
  }
}
