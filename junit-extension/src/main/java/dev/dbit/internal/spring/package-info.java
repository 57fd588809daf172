/**
 * Spring TestContext support: Spring finds it through {@code META-INF/spring.factories} and uses it
 * only for {@code @DbIntegrationTest} classes; without Spring on the class path nothing here loads.
 * Internal: do not use.
 */
package dev.dbit.internal.spring;
