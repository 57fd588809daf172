package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import org.junit.jupiter.api.RepeatedTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;

/**
 * Small Spring Data tests, as most of a real suite is: three repository queries each, far below the
 * 20 statements a test needs to be judged alone. dbit judges them together when the class ends;
 * with the stall-demo profile's driver settings they fail as a class with the transport-stall
 * report.
 */
@DataJpaTest
@DbIntegrationTest
class CustomerLookupTest {
  @Autowired CustomerRepository customers;

  @RepeatedTest(10)
  void findsNoCustomersInAnEmptyShop() {
    for (String country : new String[] {"DE", "FR", "IT"}) {
      assertThat(customers.findByCountryCode(country)).isEmpty();
    }
  }
}
