package dev.dbit.sample.spring;

import java.util.List;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.stereotype.Service;

/** The countries the shop sells to, read once and cached: they change rarely. */
@Service
public class Catalog {
  private final CountryRepository countries;

  public Catalog(CountryRepository countries) {
    this.countries = countries;
  }

  @Cacheable("countries")
  public List<String> countryCodes() {
    return countries.findAll().stream().map(Country::getCode).sorted().toList();
  }
}
