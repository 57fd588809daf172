package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import dev.dbit.TestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A JPA slice test as Spring Boot teams write it: {@code @DataJpaTest} (each test in a transaction
 * Spring rolls back; H2 on the class path) above {@code @DbIntegrationTest}. dbit's schema replaces
 * H2, the reset comes before Spring's transaction and the measurement ends after its rollback.
 */
// snippet data-jpa-test {
@DataJpaTest
@DbIntegrationTest
class CustomerRepositoryTest {
  @Autowired CustomerRepository customers;
  @Autowired JdbcTemplate jdbc;

  @RepeatedTest(3)
  void savesACustomerInsideTheRolledBackTransaction(TestDatabase database) throws SQLException {
    assertThat(customers.count()).isZero();
    customers.saveAndFlush(new Customer("ada@example.com", "Ada", "DE"));

    assertThat(customers.findByCountryCode("DE"))
        .extracting(Customer::getName)
        .containsExactly("Ada");
    assertThat(database.metrics().statements()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void runsOnDbitsSchemaNotOnH2(TestDatabase database) {
    assertThat(jdbc.queryForObject("SELECT DATABASE()", String.class))
        .isEqualTo(database.schemaName());
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM country", Integer.class)).isEqualTo(3);
  }
}
// }
