package dev.dbit.internal.spring;

import dev.dbit.internal.run.RunBinding;
import org.springframework.core.env.PropertySource;

/**
 * Makes Hibernate speak MariaDB to MariaDB. MySQL's Connector/J reports every server as "MySQL", so
 * Hibernate picks its MySQL dialect for a MariaDB server; this source answers {@value #PROPERTY}
 * with Hibernate's MariaDB dialect while the test class that loads the context runs on MariaDB. It
 * comes last, so an application's own setting wins.
 */
final class MariaDbDialect extends PropertySource<Object> {
  static final String NAME = "dbitMariaDbDialect";
  static final String PROPERTY = "spring.jpa.database-platform";
  static final String DIALECT = "org.hibernate.dialect.MariaDBDialect";

  MariaDbDialect() {
    super(NAME);
  }

  @Override
  public Object getProperty(String name) {
    if (!PROPERTY.equals(name)) {
      return null;
    }
    return RunBinding.ofThisThread()
        .filter(run -> run.doctor().settings().version().contains("MariaDB"))
        .map(run -> DIALECT)
        .orElse(null);
  }
}
