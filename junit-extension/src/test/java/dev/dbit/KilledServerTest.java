package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.server.EmbeddedMariaDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server killed with SIGKILL in the middle of a reset, then started again on the same data: the
 * killed run's tests fail with dbit's message, none starts dirty, none hangs, and the next run on
 * the restarted server is green on the same schemas without manual cleanup. A watcher sees dbit's
 * reset statements in the server's process list and kills the server at the n-th it sees, n drawn
 * from the proof seed. The default tier kills {@value #QUICK_KILLS} times, the full tier {@value
 * #FULL_KILLS}.
 */
@Tag("faults")
class KilledServerTest {
  private static final int QUICK_KILLS = 2;
  private static final int FULL_KILLS = 12;

  private static final Path ROOT = Path.of("target", "dbit-killed-resets").toAbsolutePath();

  /** dbit's restoring statements on a test schema, as the process list shows them. */
  private static final String RESETTING =
      "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'DELETE FROM `dbit_test%'"
          + " OR INFO LIKE 'INSERT INTO `dbit_test%' OR INFO LIKE 'REPLACE INTO `dbit_test%'";

  @TempDir Path dir;

  @Test
  void aServerKilledDuringAResetAndStartedAgain() throws Exception {
    Map<String, String> config = new HashMap<>();
    config.put(
        DbIntegrationTest.MIGRATIONS,
        Migrations.write(dir, Map.of("V1__shop.sql", SeededSchemaProofTest.SCHEMA)));
    Random random = new Random(ProofSeeds.base());
    int kills = ProofSeeds.count(QUICK_KILLS, FULL_KILLS);
    List<String> findings = new ArrayList<>();
    int injected = 0;
    int clear = 0;
    int recovered = 0;
    for (int i = 0; i < kills; i++) {
      try (EmbeddedMariaDb server = EmbeddedMariaDb.start(ROOT)) {
        String url = "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED";
        config.put(DbIntegrationTest.URL, url);
        int skip = random.nextInt(12);
        AtomicBoolean ended = new AtomicBoolean();
        CompletableFuture<Boolean> killed =
            CompletableFuture.supplyAsync(() -> killAtReset(url, skip, ended));
        FaultRun run = FaultRun.of(config);
        ended.set(true);
        if (!killed.get(FaultRun.HANG_SECONDS, TimeUnit.SECONDS)) {
          assertThat(run.failures()).as("a run the watcher let be").isEmpty();
          continue;
        }
        injected++;
        recovered += run.green() ? 1 : 0;
        clear += !run.green() && run.clear() ? 1 : 0;
        if (run.hung() || run.dirty() || !(run.green() || run.clear())) {
          findings.add("kill " + (i + 1) + ": " + run.failures());
        }
      }
      try (EmbeddedMariaDb server = EmbeddedMariaDb.start(ROOT)) {
        config.put(
            DbIntegrationTest.URL,
            "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED");
        FaultRun after = FaultRun.of(config);
        if (!after.green()) {
          findings.add("the run after kill " + (i + 1) + ": " + after.failures());
        }
      }
    }
    System.out.printf(
        "server killed during a reset: %d kills; recovered %d, failed clearly %d; findings %d%n",
        injected, recovered, clear, findings.size());
    assertThat(findings).isEmpty();
    assertThat(injected).as("kills that happened during a reset").isPositive();
  }

  /**
   * Watches the process list and kills the server in the {@code skip}+1-th reset it sees; false
   * when the run ended first.
   */
  private static boolean killAtReset(String url, int skip, AtomicBoolean ended) {
    try (Connection watcher = DriverManager.getConnection(url, "root", "");
        Statement statement = watcher.createStatement()) {
      long pid = pid(statement);
      boolean resetting = false;
      int seen = 0;
      while (!ended.get()) {
        try (ResultSet rows = statement.executeQuery(RESETTING)) {
          boolean now = rows.next();
          if (now && !resetting && seen++ == skip) {
            ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
            server.destroyForcibly();
            server.onExit().get();
            return true;
          }
          resetting = now;
        }
      }
      return false;
    } catch (SQLException e) {
      return false;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static long pid(Statement statement) throws Exception {
    try (ResultSet rows = statement.executeQuery("SELECT @@pid_file")) {
      rows.next();
      return Long.parseLong(Files.readString(Path.of(rows.getString(1))).trim());
    }
  }
}
