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
 * counted on connections from dbit (JDBC {@code execute*} calls; a batch counts once).
 *
 * <p>On a class it applies to every test method that does not carry its own. Use it to pin N+1
 * query bugs down:
 *
 * <pre>{@code
 * @Test
 * @ExpectMaxStatements(3)
 * void loadsAnOrderWithItsLinesInThreeQueries(DataSource dataSource) { ... }
 * }</pre>
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface ExpectMaxStatements {
  /** The most statements the test may execute. */
  int value();
}
