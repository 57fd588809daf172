package dev.dbit.sample.spring.testcontainers;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Profile;
import org.testcontainers.mysql.MySQLContainer;

/**
 * The application's test wiring from before dbit, as Boot teams write it: a MySQL container as a
 * bean, its connection published by {@code @ServiceConnection}, behind the {@code mysql} profile.
 * No dbit class activates the profile; one that did would fail before the container starts
 * (SpringBootEngineTest), naming this bean. docs/spring.md, "Moving from Testcontainers".
 */
@TestConfiguration(proxyBeanMethods = false)
@Profile("mysql")
public class MySqlContainerConfig {
  @Bean
  @ServiceConnection
  MySQLContainer mysql() {
    return new MySQLContainer("mysql:8.4");
  }
}
