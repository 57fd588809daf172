package dev.dbit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Accepts a known repeat: a statement shape the test runs many times with different values, which
 * dbit otherwise reports as a likely N+1 ({@link DbIntegrationTest#N_PLUS_ONE_MODE}). On a method
 * or a class; repeatable, one per shape.
 *
 * <pre>{@code
 * @Test
 * @AcceptNPlusOne(value = "insert into audit_event", atMost = 50)
 * void importsFiftyRowsOneByOneOnPurpose(DataSource dataSource) { ... }
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(AcceptNPlusOne.List.class)
public @interface AcceptNPlusOne {
  /**
   * Part of the shape as dbit prints it, compared without regard to case and runs of whitespace,
   * for example {@code "from order_line where order_id = ?"}; empty (default) accepts any shape.
   */
  String value() default "";

  /** The most executions of a matching shape accepted; more are reported again. */
  int atMost() default Integer.MAX_VALUE;

  /** Holds several {@link AcceptNPlusOne} on one element. */
  @Target({ElementType.METHOD, ElementType.TYPE})
  @Retention(RetentionPolicy.RUNTIME)
  @Documented
  @Inherited
  @interface List {
    AcceptNPlusOne[] value();
  }
}
