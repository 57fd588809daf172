package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;

/**
 * A class moved from Testcontainers to dbit. Before, it read:
 *
 * <pre>
 * &#64;DataJpaTest
 * &#64;AutoConfigureTestDatabase(replace = Replace.NONE)
 * &#64;Testcontainers
 * class CustomerSearchTest {
 *   &#64;Container &#64;ServiceConnection
 *   static MySQLContainer mysql = new MySQLContainer("mysql:8.4");
 * </pre>
 *
 * Moving it deleted {@code @AutoConfigureTestDatabase}, {@code @Testcontainers} and the container
 * field, and added {@code @DbIntegrationTest}; the tests did not change. Its rows no longer need
 * the rollback to disappear: dbit restores the tables before each test.
 */
@DataJpaTest
@DbIntegrationTest
class CustomerSearchTest {
  @Autowired CustomerRepository customers;

  @BeforeEach
  void twoCustomers() {
    customers.save(new Customer("ada@example.com", "Ada", "DE"));
    customers.save(new Customer("grace@example.com", "Grace", "FR"));
  }

  @Test
  void findsCustomersByCountry() {
    assertThat(customers.findByCountryCode("FR"))
        .extracting(Customer::getName)
        .containsExactly("Grace");
  }

  @Test
  void countsOnlyThisTestsRows() {
    assertThat(customers.count()).isEqualTo(2);
  }
}
