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
 * Gives every dynamic test of a {@code @TestFactory} its own reset and its own measurement.
 *
 * <p>JUnit runs {@code @BeforeEach} and {@code @AfterEach} once around a whole factory, so by
 * default its dynamic tests share one reset and one measurement: they see each other's rows, which
 * is what a scenario built step by step needs. With this annotation on the factory method (or on
 * the class, for all its factories) each dynamic test starts from the migrated state and is
 * measured, judged and reported on its own; the first one's measurement also covers the factory
 * method's own statements.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface ResetEachDynamicTest {}
