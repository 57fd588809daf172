package dev.dbit.internal.logging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** The java.util.logging side, where dbit routes SLF4J when the class path has no provider. */
class ThirdPartyLoggingTest {

  @Test
  void toolsGoToWarnButALevelTheUserSetStays() {
    Logger liquibase = Logger.getLogger("liquibase");
    Level before = liquibase.getLevel();
    liquibase.setLevel(Level.FINE);
    try {
      ThirdPartyLogging.quiet();

      Logger flywayClass = Logger.getLogger("org.flywaydb.core.internal.command.DbMigrate");
      assertThat(flywayClass.isLoggable(Level.INFO)).isFalse();
      assertThat(flywayClass.isLoggable(Level.WARNING)).isTrue();
      assertThat(Logger.getLogger("ch.vorburger.exec.ManagedProcess").isLoggable(Level.INFO))
          .isFalse();
      assertThat(Logger.getLogger("liquibase.changelog").isLoggable(Level.INFO)).isTrue();
      assertThat(Logger.getLogger("com.zaxxer.hikari").isLoggable(Level.INFO)).isTrue();
    } finally {
      liquibase.setLevel(before);
    }
  }
}
