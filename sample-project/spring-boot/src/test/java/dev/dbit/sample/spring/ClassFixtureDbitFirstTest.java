package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.context.jdbc.Sql.ExecutionPhase.BEFORE_TEST_CLASS;

import dev.dbit.DbIntegrationTest;
import org.junit.jupiter.api.RepeatedTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.jdbc.Sql;

/** {@link ClassFixtureTest}'s script with the annotations the other way round. */
@DbIntegrationTest
@Sql(scripts = "/fixtures/two-customers.sql", executionPhase = BEFORE_TEST_CLASS)
@SpringBootTest
class ClassFixtureDbitFirstTest {
  @Autowired CustomerRepository customers;

  @RepeatedTest(3)
  void everyTestStartsWithTheScriptsCustomers() {
    assertThat(customers.findAll()).extracting(Customer::getName).containsExactlyInAnyOrder("Grace", "Linus");
    customers.deleteAll();
  }
}
