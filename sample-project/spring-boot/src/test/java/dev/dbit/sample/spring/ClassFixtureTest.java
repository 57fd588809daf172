package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.context.jdbc.Sql.ExecutionPhase.BEFORE_TEST_CLASS;

import dev.dbit.DbIntegrationTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.jdbc.Sql;

/**
 * Class fixtures as a suite moving from {@code @Transactional} writes them: two customers from a
 * script Spring runs once before the class ({@code @Sql(executionPhase = BEFORE_TEST_CLASS)}), a
 * third from {@code @BeforeAll}. Every test starts with exactly those three, whatever the test
 * before it wrote; the next class starts from the template.
 */
@SpringBootTest
@DbIntegrationTest
@Sql(scripts = "/fixtures/two-customers.sql", executionPhase = BEFORE_TEST_CLASS)
class ClassFixtureTest {
  @Autowired CustomerRepository customers;

  @BeforeAll
  static void oneMore(@Autowired JdbcTemplate jdbc) {
    jdbc.update(
        "INSERT INTO customer (email, name, country_code) VALUES ('ada@example.com', 'Ada', 'DE')");
  }

  @RepeatedTest(3)
  void everyTestStartsWithTheClassFixture() {
    assertThat(customers.findAll())
        .extracting(Customer::getName)
        .containsExactlyInAnyOrder("Ada", "Grace", "Linus");
    customers.saveAndFlush(new Customer("alan@example.com", "Alan", "DE"));
    customers.deleteAll(customers.findByCountryCode("FR"));
  }
}
