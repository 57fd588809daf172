package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.dialect.Dialect;
import org.hibernate.dialect.MariaDBDialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Hibernate speaks the dialect of the server it runs on, with nothing configured: MySQL's
 * Connector/J reports a MariaDB server as "MySQL", so without dbit Hibernate would pick its MySQL
 * dialect for MariaDB.
 */
@DataJpaTest
@DbIntegrationTest
class HibernateDialectTest {
  @Autowired EntityManagerFactory entityManagerFactory;
  @Autowired JdbcTemplate jdbc;

  @Test
  void hibernateUsesTheMariaDbDialectExactlyOnMariaDb() {
    Dialect dialect =
        entityManagerFactory.unwrap(SessionFactoryImplementor.class).getJdbcServices().getDialect();
    boolean mariaDb = jdbc.queryForObject("SELECT VERSION()", String.class).contains("MariaDB");

    assertThat(dialect instanceof MariaDBDialect)
        .as("%s on %s", dialect.getClass().getSimpleName(), mariaDb ? "MariaDB" : "MySQL")
        .isEqualTo(mariaDb);
  }
}
