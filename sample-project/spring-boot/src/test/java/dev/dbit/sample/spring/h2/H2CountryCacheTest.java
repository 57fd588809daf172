package dev.dbit.sample.spring.h2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.sample.spring.Catalog;
import dev.dbit.sample.spring.Country;
import dev.dbit.sample.spring.CountryRepository;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.cache.CacheManager;
import org.springframework.transaction.annotation.Transactional;

/**
 * {@code CountryCacheTest} on H2: rolled back by Spring instead of reset, and the cache cleared by
 * hand, as a team without dbit has to.
 */
@SpringBootTest(properties = "spring.datasource.url=jdbc:h2:mem:shop;MODE=MySQL")
@Transactional
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class H2CountryCacheTest {
  @Autowired Catalog catalog;
  @Autowired CountryRepository countries;
  @Autowired CacheManager caches;

  @Test
  @Order(1)
  void aCountryAddedIsCached() {
    countries.save(new Country("ES", "Spain"));
    assertThat(catalog.countryCodes()).containsExactly("DE", "ES", "FR", "IT");
    caches.getCacheNames().forEach(name -> caches.getCache(name).clear());
  }

  @Test
  @Order(2)
  void theNextTestSeesTheSeedAgainNotTheCache() {
    assertThat(catalog.countryCodes()).containsExactly("DE", "FR", "IT");
  }
}
