package dev.dbit;

import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.concurrent.ConcurrentMapCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * A small Spring application for the Spring fixtures: a JdbcTemplate and a transaction manager on
 * the context's DataSource, and a cached customer count. It declares no DataSource: dbit gives it
 * one.
 */
@Configuration
@EnableTransactionManagement
@EnableCaching
class SpringShop {
  static final String INSERT_CUSTOMER =
      "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
          + " (CONCAT(UUID(), '@example.com'), 'Spring', 'DE', 'de')";

  @Bean
  JdbcTemplate jdbcTemplate(DataSource dataSource) {
    return new JdbcTemplate(dataSource);
  }

  @Bean
  PlatformTransactionManager transactionManager(DataSource dataSource) {
    return new DataSourceTransactionManager(dataSource);
  }

  @Bean
  CacheManager cacheManager() {
    return new ConcurrentMapCacheManager("customers");
  }

  @Bean
  Customers customers(JdbcTemplate jdbc) {
    return new Customers(jdbc);
  }

  /** Counts customers once and keeps the number, as an application's cached read does. */
  static class Customers {
    static final AtomicInteger QUERIES = new AtomicInteger();

    private final JdbcTemplate jdbc;

    Customers(JdbcTemplate jdbc) {
      this.jdbc = jdbc;
    }

    @Cacheable("customers")
    public int count() {
      QUERIES.incrementAndGet();
      return jdbc.queryForObject("SELECT COUNT(*) FROM customer", Integer.class);
    }
  }
}
