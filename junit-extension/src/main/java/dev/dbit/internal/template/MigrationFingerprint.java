package dev.dbit.internal.template;

import dev.dbit.DbIntegrationTest;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A SHA-256 over every file in the migration locations (names and bytes).
 *
 * <p>It lets a run reuse a template built by an earlier run without starting Flyway: same
 * fingerprint, same migrations. Any change to any file gives a new template.
 */
public final class MigrationFingerprint {
  /** Bump when the way dbit builds templates changes, so old templates are not reused. */
  static final String TEMPLATE_FORMAT = "dbit-template-1";

  private MigrationFingerprint() {}

  /** Hex SHA-256 of the migrations; fails when the locations hold no file at all. */
  public static String of(List<String> locations, ClassLoader classLoader) {
    return of(locations, classLoader, Optional.empty());
  }

  /** Like {@link #of(List, ClassLoader)}, for a template created with {@code collation}. */
  public static String of(
      List<String> locations, ClassLoader classLoader, Optional<String> collation) {
    Map<String, byte[]> files = new TreeMap<>();
    for (String location : locations) {
      files.putAll(read(location, classLoader));
    }
    if (files.isEmpty()) {
      throw new ExtensionConfigurationException(
          "dbit: no migration files found at "
              + String.join(",", locations)
              + " ("
              + DbIntegrationTest.MIGRATIONS
              + "). Put Flyway SQL migrations (V1__create_tables.sql, ...) there, or set "
              + DbIntegrationTest.MIGRATIONS
              + " to where they are, for example filesystem:src/main/resources/db/migration");
    }
    MessageDigest digest = sha256();
    digest.update(TEMPLATE_FORMAT.getBytes(StandardCharsets.UTF_8));
    collation.ifPresent(
        c -> digest.update(("collation=" + c + "\0").getBytes(StandardCharsets.UTF_8)));
    files.forEach(
        (name, bytes) -> {
          digest.update((name + "\0").getBytes(StandardCharsets.UTF_8));
          digest.update(bytes);
          digest.update((byte) 0);
        });
    return HexFormat.of().formatHex(digest.digest());
  }

  private static Map<String, byte[]> read(String location, ClassLoader classLoader) {
    try {
      if (location.startsWith("filesystem:")) {
        Path dir = Path.of(location.substring("filesystem:".length()));
        return Files.isDirectory(dir) ? readTree(dir) : Map.of();
      }
      String path =
          location.startsWith("classpath:") ? location.substring("classpath:".length()) : location;
      path = path.startsWith("/") ? path.substring(1) : path;
      Map<String, byte[]> files = new TreeMap<>();
      for (URL url : Collections.list(classLoader.getResources(path))) {
        files.putAll(readUrl(url));
      }
      return files;
    } catch (IOException | URISyntaxException e) {
      throw new ExtensionConfigurationException(
          "dbit: cannot read the migrations at "
              + location
              + " ("
              + DbIntegrationTest.MIGRATIONS
              + "): "
              + e.getMessage()
              + ". Point "
              + DbIntegrationTest.MIGRATIONS
              + " at a directory on the test class path (classpath:db/migration) or on disk"
              + " (filesystem:src/test/resources/db/migration).",
          e);
    }
  }

  private static Map<String, byte[]> readUrl(URL url) throws IOException, URISyntaxException {
    URI uri = url.toURI();
    if ("file".equals(uri.getScheme())) {
      return readTree(Path.of(uri));
    }
    if ("jar".equals(uri.getScheme())) {
      FileSystem fileSystem;
      boolean opened = false;
      try {
        fileSystem = FileSystems.newFileSystem(uri, Map.of());
        opened = true;
      } catch (FileSystemAlreadyExistsException e) {
        fileSystem = FileSystems.getFileSystem(uri);
      }
      try {
        String inside = uri.getSchemeSpecificPart();
        return readTree(fileSystem.getPath(inside.substring(inside.indexOf("!/") + 1)));
      } finally {
        if (opened) {
          fileSystem.close();
        }
      }
    }
    return Map.of();
  }

  private static Map<String, byte[]> readTree(Path dir) throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    List<Path> paths = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.filter(Files::isRegularFile).forEach(paths::add);
    }
    for (Path file : paths) {
      // Names relative to the location: the same migrations found elsewhere are the same template.
      files.put(dir.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
    }
    return files;
  }

  /** A fresh SHA-256 digest; every Java runtime has one. */
  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
