package dev.dbit;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ClassStateProofTest} on the MariaDB at 127.0.0.1:3306: where dbit's triggers mark the
 * changed tables, and where every table is probed.
 */
@Tag("proof")
class ClassStateProofOnExternalTest {
  @TempDir Path dir;

  @Test
  void externalServer(TestInfo test) throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    ClassStateProofTest.prove(
        dir, test, "external MariaDB, tables marked by triggers", ExternalServerTest.CONFIG);
  }

  @Test
  void externalServerByProbe(TestInfo test) throws Exception {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    Map<String, String> config = new HashMap<>(ExternalServerTest.CONFIG);
    config.put(DbIntegrationTest.RESET_TRIGGERS, "false");
    ClassStateProofTest.prove(dir, test, "external MariaDB, every table probed", config);
  }
}
