package dev.dbit.internal.template;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.config.ConfigurationReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Plain SQL scripts ({@code dbit.scripts}, the {@code spring.sql.init} style) staged for Flyway in
 * a directory of their own, as {@code afterMigrate} callbacks after migrations or as versioned
 * migrations when there are none: Flyway runs them after the migrations, in the order given, with
 * its MySQL parser ({@code DELIMITER} included), and their bytes count in the template's
 * fingerprint like any migration's.
 */
public final class TemplateScripts {
  private TemplateScripts() {}

  /**
   * The Flyway locations that build the template: {@code migrations}, then the staged scripts.
   *
   * @param cacheDir where staged copies are kept, one directory per content
   */
  public static List<String> locations(
      List<String> migrations, List<String> scripts, Path cacheDir, ClassLoader classLoader) {
    if (scripts.isEmpty()) {
      return migrations;
    }
    // An application that keeps its schema in scripts alone has nothing at the default location.
    boolean scriptsOnly =
        migrations.equals(List.of(ConfigurationReader.DEFAULT_MIGRATIONS))
            && classLoader.getResource("db/migration") == null;
    Map<String, byte[]> staged = new LinkedHashMap<>();
    MessageDigest digest = MigrationFingerprint.sha256();
    for (String script : scripts) {
      byte[] bytes = read(script, classLoader);
      String name = stagedName(scriptsOnly, staged.size() + 1, base(script));
      staged.put(name, bytes);
      digest.update((name + "\0").getBytes(StandardCharsets.UTF_8));
      digest.update(bytes);
    }
    Path dir = cacheDir.resolve("scripts").resolve(HexFormat.of().formatHex(digest.digest(), 0, 8));
    stage(dir, staged);
    List<String> locations = new ArrayList<>(scriptsOnly ? List.of() : migrations);
    locations.add("filesystem:" + dir);
    return locations;
  }

  /**
   * What building the template from {@code locations} does, in words for a progress line:
   * "migrating classpath:db/migration", "applying scripts", or both.
   */
  static String describe(List<String> locations) {
    List<String> migrations = new ArrayList<>();
    boolean scripts = false;
    for (String location : locations) {
      Path parent =
          location.startsWith("filesystem:") ? Path.of(location.substring(11)).getParent() : null;
      if (parent != null && parent.getFileName() != null && parent.endsWith("scripts")) {
        scripts = true;
      } else {
        migrations.add(location);
      }
    }
    String migrating = migrations.isEmpty() ? "" : "migrating " + String.join(",", migrations);
    if (!scripts) {
      return migrating;
    }
    return migrating.isEmpty() ? "applying scripts" : migrating + " and applying scripts";
  }

  /**
   * Scripts after migrations are {@code afterMigrate} callbacks; scripts alone are versioned
   * migrations (1.001, 1.002, ...), so that Flyway finds migrations and warns about none.
   */
  private static String stagedName(boolean scriptsOnly, int position, String base) {
    return scriptsOnly
        ? String.format(Locale.ROOT, "V1.%03d__%s", position, base)
        : String.format(Locale.ROOT, "afterMigrate__%03d_%s", position, base);
  }

  /** Writes the files next to {@code dir} and moves them in whole: runs in parallel forks race. */
  private static void stage(Path dir, Map<String, byte[]> files) {
    if (Files.isDirectory(dir)) {
      return;
    }
    try {
      Files.createDirectories(dir.getParent());
      Path temporary = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".");
      for (Map.Entry<String, byte[]> file : files.entrySet()) {
        Files.write(temporary.resolve(file.getKey()), file.getValue());
      }
      try {
        Files.move(temporary, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        if (!Files.isDirectory(dir)) {
          throw e;
        }
        // Another fork staged the same content first.
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "dbit: cannot stage the scripts of " + DbIntegrationTest.SCRIPTS + " in " + dir, e);
    }
  }

  private static byte[] read(String script, ClassLoader classLoader) {
    try {
      if (script.startsWith("filesystem:")) {
        Path file = Path.of(script.substring("filesystem:".length()));
        if (Files.isRegularFile(file)) {
          return Files.readAllBytes(file);
        }
      } else {
        String path = script.substring("classpath:".length());
        try (InputStream in =
            classLoader.getResourceAsStream(path.startsWith("/") ? path.substring(1) : path)) {
          if (in != null) {
            return in.readAllBytes();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("dbit: cannot read " + script, e);
    }
    throw new ExtensionConfigurationException(
        "dbit: "
            + DbIntegrationTest.SCRIPTS
            + " names "
            + script
            + ", which does not exist. Name each SQL file with classpath: (on the test class"
            + " path, e.g. classpath:db/mysql/schema.sql for src/main/resources/db/mysql/schema.sql)"
            + " or filesystem: (relative to the working directory).");
  }

  /** The file's name without directories and extension, in letters, digits and underscores. */
  private static String base(String script) {
    String name = script.substring(Math.max(script.lastIndexOf('/'), script.indexOf(':')) + 1);
    if (name.toLowerCase(Locale.ROOT).endsWith(".sql")) {
      name = name.substring(0, name.length() - 4);
    }
    return name.replaceAll("[^A-Za-z0-9_]", "_") + ".sql";
  }
}
