package dev.dbit.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress line names plain scripts as scripts, not as a Flyway location being migrated; and
 * scripts alone are staged as migrations, so that Flyway has no "No migrations found" to warn.
 */
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
  void scriptsAloneAreStagedAsVersionedMigrationsAndAfterMigrationsAsCallbacks(@TempDir Path cache)
      throws IOException {
    Path script = Files.writeString(cache.resolve("schema.sql"), "CREATE TABLE t (id INT);");
    ClassLoader nothingAtDbMigration = new ClassLoader(null) {};

    List<String> alone =
        TemplateScripts.locations(
            List.of("classpath:db/migration"),
            List.of("filesystem:" + script),
            cache,
            nothingAtDbMigration);
    List<String> after =
        TemplateScripts.locations(
            List.of("filesystem:" + cache.resolve("migrations")),
            List.of("filesystem:" + script),
            cache,
            nothingAtDbMigration);

    assertThat(alone).hasSize(1);
    assertThat(staged(alone.get(0))).containsExactly("V1.001__schema.sql");
    assertThat(after).hasSize(2);
    assertThat(staged(after.get(1))).containsExactly("afterMigrate__001_schema.sql");
  }

  private static List<String> staged(String location) throws IOException {
    try (Stream<Path> files = Files.list(Path.of(location.substring("filesystem:".length())))) {
      return files.map(f -> f.getFileName().toString()).toList();
    }
  }

  @Test
  void migrationsAloneAreMigrated() {
    assertThat(TemplateScripts.describe(List.of("classpath:db/migration", "filesystem:sql")))
        .isEqualTo("migrating classpath:db/migration,filesystem:sql");
  }
}
