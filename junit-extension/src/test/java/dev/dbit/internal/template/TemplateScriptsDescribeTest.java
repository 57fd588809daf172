package dev.dbit.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The progress line names plain scripts as scripts, not as a Flyway location being migrated. */
class TemplateScriptsDescribeTest {
  private static final String STAGED = "filesystem:/home/u/.cache/dbit/scripts/0a1b2c3d4e5f6a7b";

  @Test
  void scriptsAloneAreApplied() {
    assertThat(TemplateScripts.describe(List.of(STAGED))).isEqualTo("applying scripts");
  }

  @Test
  void migrationsAndScriptsAreNamedApart() {
    assertThat(TemplateScripts.describe(List.of("classpath:db/migration", STAGED)))
        .isEqualTo("migrating classpath:db/migration and applying scripts");
  }

  @Test
  void migrationsAloneAreMigrated() {
    assertThat(TemplateScripts.describe(List.of("classpath:db/migration", "filesystem:sql")))
        .isEqualTo("migrating classpath:db/migration,filesystem:sql");
  }
}
