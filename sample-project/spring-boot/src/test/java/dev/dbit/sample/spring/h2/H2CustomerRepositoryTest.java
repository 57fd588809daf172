package dev.dbit.sample.spring.h2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.sample.spring.Customer;
import dev.dbit.sample.spring.CustomerRepository;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.boot.jdbc.test.autoconfigure.AutoConfigureTestDatabase;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * {@code CustomerRepositoryTest} on H2, in MySQL mode so that the MySQL migration runs (the slice's
 * own H2 rejects {@code UNIQUE KEY}).
 */
@DataJpaTest(properties = "spring.datasource.url=jdbc:h2:mem:jpa;MODE=MySQL")
@AutoConfigureTestDatabase(replace = AutoConfigureTestDatabase.Replace.NONE)
class H2CustomerRepositoryTest {
  @Autowired CustomerRepository customers;
  @Autowired JdbcTemplate jdbc;

  @RepeatedTest(3)
  void savesACustomerInsideTheRolledBackTransaction() {
    assertThat(customers.count()).isZero();
    customers.saveAndFlush(new Customer("ada@example.com", "Ada", "DE"));

    assertThat(customers.findByCountryCode("DE"))
        .extracting(Customer::getName)
        .containsExactly("Ada");
  }

  @Test
  void seesTheSeededCountries() {
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM country", Integer.class)).isEqualTo(3);
  }
}
