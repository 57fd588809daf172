package dev.dbit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Fails a {@link DbIntegrationTest} test method whose statements of a {@linkplain StatementKind
 * kind} do not number exactly as expected, as counted on connections from dbit. The failure lists
 * what ran, by kind and by shape. A kind left at {@code -1} is not checked; write {@code update =
 * 0} to require none.
 *
 * <pre>{@code
 * @Test
 * @ExpectStatements(select = 1, update = 1)
 * void renamesACustomer(CustomerRepository customers) { ... }
 * }</pre>
 *
 * <p>On a class it applies to every test method that does not carry its own.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
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
}
