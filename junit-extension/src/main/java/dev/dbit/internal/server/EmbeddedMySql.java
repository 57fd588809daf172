package dev.dbit.internal.server;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real MySQL 8 {@code mysqld}, started once per JVM on a free port on 127.0.0.1 and tuned for
 * tests like the embedded MariaDB: binaries unpacked once, one data directory slot per running JVM
 * (initialised once, so its template survives between runs), a server left behind by a killed JVM
 * stopped by the next run that takes its slot.
 */
public final class EmbeddedMySql implements EmbeddedServer {
  private static final System.Logger LOG = System.getLogger(EmbeddedMySql.class.getName());
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  /**
   * Server options for tests: no TLS (local connections gain nothing from it), no X protocol,
   * relaxed durability, performance_schema for per-thread statement counters, and a row-based
   * binary log kept for an hour (dbit reads it to restore a large table by the rows tests changed).
   */
  static final List<String> SERVER_OPTIONS =
      BinaryLogOptions.plus(
          "--bind-address=127.0.0.1",
          "--mysqlx=OFF",
          "--skip-name-resolve",
          "--innodb-flush-log-at-trx-commit=2",
          "--innodb-doublewrite=0",
          "--performance-schema=ON",
          "--character-set-server=utf8mb4",
          "--tls-version=",
          "--admin-ssl=OFF");

  private final Process process;
  private final int port;
  private final String version;
  private final DataDirectorySlot slot;

  private EmbeddedMySql(Process process, int port, String version, DataDirectorySlot slot) {
    this.process = process;
    this.port = port;
    this.version = version;
    this.slot = slot;
  }

  /**
   * Starts a server with data under {@code root}.
   *
   * @param mysqld a {@code mysqld} the user named, else the bundled binaries are used
   */
  public static EmbeddedMySql start(Path root, Optional<Path> mysqld, ClassLoader classLoader) {
    Path baseDir = MySqlBinaries.baseDir(mysqld, root, classLoader);
    String version = version(baseDir);
    DataDirectorySlot slot = DataDirectorySlot.acquire(root.resolve("mysql-data-" + version));
    try {
      slot.stopOrphanedServer();
      initialiseOnce(baseDir, slot);
      int port = freePort();
      Process process = launch(baseDir, slot, port);
      ProgressLine.whileRunning(
          "starting embedded MySQL " + version + " in " + slot.dataDir(),
          () -> awaitGreeting(process, port, slot));
      return new EmbeddedMySql(process, port, version, slot);
    } catch (IOException | RuntimeException e) {
      slot.close();
      throw new ServerStartException(
          "dbit: the embedded MySQL "
              + version
              + " did not start in "
              + slot.dataDir()
              + ": "
              + e.getMessage()
              + ". Its error log: "
              + errorLog(slot)
              + "; to start from scratch delete "
              + slot.dataDir()
              + " (dbit initialises it again).",
          e);
    }
  }

  private static String version(Path baseDir) {
    Path marker = baseDir.resolve(".dbit-unpacked");
    try {
      return Files.exists(marker) ? Files.readString(marker).strip() : ask(baseDir);
    } catch (IOException e) {
      return MySqlBinaries.BUNDLED_VERSION;
    }
  }

  /** {@code mysqld --version}: "…/mysqld Ver 8.0.31 for Linux on x86_64 (…)". */
  private static String ask(Path baseDir) throws IOException {
    Process version =
        new ProcessBuilder(baseDir.resolve("bin").resolve("mysqld").toString(), "--version")
            .redirectErrorStream(true)
            .start();
    String text = new String(version.getInputStream().readAllBytes());
    Matcher number = Pattern.compile("Ver ([0-9]+\\.[0-9]+\\.[0-9]+)").matcher(text);
    return number.find() ? number.group(1) : "8";
  }

  /**
   * {@code --initialize-insecure} on an empty data directory: root without a password, for {@code
   * localhost} and, since names are not resolved, for {@code 127.0.0.1}.
   */
  private static void initialiseOnce(Path baseDir, DataDirectorySlot slot) throws IOException {
    Path done = slot.dir().resolve(".dbit-initialised");
    if (Files.exists(done)) {
      return;
    }
    Path rootOverTcp = slot.dir().resolve("init.sql");
    Files.writeString(
        rootOverTcp,
        "CREATE USER 'root'@'127.0.0.1' IDENTIFIED BY '';\n"
            + "GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;\n");
    try (Stream<Path> leftovers = Files.list(slot.dataDir())) {
      // An initialisation that broke off leaves files mysqld refuses to initialise over.
      for (Path leftover : leftovers.toList()) {
        deleteRecursively(leftover);
      }
    }
    List<String> command = new ArrayList<>(common(baseDir, slot));
    command.add(2, "--initialize-insecure"); // after --no-defaults, which must come first
    command.add("--init-file=" + rootOverTcp);
    Process init =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(slot.dir().resolve("mysqld-init.log").toFile())
            .start();
    ProgressLine.whileRunning(
        "initialising a MySQL data directory in " + slot.dataDir(),
        () -> {
          boolean ended;
          try {
            ended = init.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = false;
          }
          if (!ended || init.exitValue() != 0) {
            init.destroyForcibly();
            throw new IOException(
                "mysqld --initialize-insecure failed; see "
                    + slot.dir().resolve("mysqld-init.log"));
          }
        });
    Files.writeString(done, MySqlBinaries.BUNDLED_VERSION);
  }

  private static List<String> common(Path baseDir, DataDirectorySlot slot) {
    List<String> command = new ArrayList<>();
    command.add(baseDir.resolve("bin").resolve("mysqld").toString());
    command.add("--no-defaults");
    command.add("--basedir=" + baseDir);
    command.add("--datadir=" + slot.dataDir());
    command.add("--tmpdir=" + slot.tmpDir());
    if ("root".equals(System.getProperty("user.name"))) {
      // mysqld refuses to run as root unless told to; CI containers often are root.
      command.add("--user=root");
    }
    return command;
  }

  private static Process launch(Path baseDir, DataDirectorySlot slot, int port) throws IOException {
    List<String> command = common(baseDir, slot);
    command.add("--port=" + port);
    command.add("--socket=" + slot.dir().resolve("mysqld.sock"));
    command.add("--pid-file=" + slot.pidFile());
    command.add("--log-error=" + slot.dir().resolve("mysqld.err"));
    command.addAll(SERVER_OPTIONS);
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(slot.dir().resolve("mysqld.out").toFile())
        .start();
  }

  /** Waits until the server sends its greeting on the port, or fails when it exits first. */
  private static void awaitGreeting(Process process, int port, DataDirectorySlot slot)
      throws IOException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("mysqld exited with " + process.exitValue());
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
        socket.setSoTimeout(2000);
        try (InputStream in = socket.getInputStream()) {
          if (in.read() >= 0) {
            return;
          }
        }
      } catch (IOException notYet) {
        // Not listening yet.
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for mysqld", e);
      }
    }
    process.destroyForcibly();
    throw new IOException("mysqld did not answer within " + START_TIMEOUT.toSeconds() + " s");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static String errorLog(DataDirectorySlot slot) {
    Path log = slot.dir().resolve("mysqld.err");
    try {
      List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
      return lines.isEmpty()
          ? log + " (empty)"
          : log + ", last line: " + lines.get(lines.size() - 1).strip();
    } catch (IOException e) {
      return log.toString();
    }
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (Files.isDirectory(path) && !Files.isSymbolicLink(path)) {
      try (Stream<Path> children = Files.list(path)) {
        for (Path child : children.toList()) {
          deleteRecursively(child);
        }
      }
    }
    Files.delete(path);
  }

  @Override
  public int port() {
    return port;
  }

  /** A local test server: no TLS, and the empty root password needs no key exchange. */
  @Override
  public Map<String, String> baseParams() {
    return Map.of("sslMode", "DISABLED", "allowPublicKeyRetrieval", "true");
  }

  @Override
  public String description() {
    return "embedded MySQL " + version + " on 127.0.0.1:" + port + " (data " + slot.dataDir() + ")";
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        LOG.log(Level.WARNING, "dbit: the embedded MySQL did not stop within 30 s; killing it");
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    } finally {
      slot.close();
    }
  }
}
