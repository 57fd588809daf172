package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The whole application with a cached read: a country one test adds and caches is gone, row and
 * cache entry, when the next test starts.
 */
@DbIntegrationTest
@SpringBootTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CountryCacheTest {
  @Autowired Catalog catalog;
  @Autowired CountryRepository countries;

  @Test
  @Order(1)
  void aCountryAddedIsCached() {
    countries.save(new Country("ES", "Spain"));
    assertThat(catalog.countryCodes()).containsExactly("DE", "ES", "FR", "IT");
  }

  @Test
  @Order(2)
  void theNextTestSeesTheSeedAgainNotTheCache() {
    assertThat(catalog.countryCodes()).containsExactly("DE", "FR", "IT");
  }
}
