package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.mysql.MySQLContainer;

/** What dbit asks Testcontainers for; TestcontainersProviderTest starts it for real. */
class TestcontainersMySqlTest {

  @Test
  void configuresTunedMySqlOnTmpfsWithReuse() {
    MySQLContainer container =
        TestcontainersMySql.container("mysql:8.4", true, new TestcontainersMySql.StartLog());

    assertThat(container.getTmpFsMapping()).containsEntry("/var/lib/mysql", "rw");
    // The embedded servers' options: the row-based binary log dbit follows, tuned durability.
    assertThat(container.getCommandParts())
        .containsExactlyElementsOf(
            BinaryLogOptions.plus(
                "--skip-name-resolve",
                "--innodb-flush-log-at-trx-commit=2",
                "--innodb-doublewrite=OFF",
                "--performance-schema=ON"))
        .contains("--binlog-format=ROW")
        .doesNotContain("--skip-log-bin");
    assertThat(container.isShouldBeReused()).isTrue();
    assertThat(container.getUsername()).isEqualTo("root");
  }

  @Test
  void namesTheImagesAStartNeedsWithoutPullingThem() {
    String ryuk = TestcontainersMySql.ryukImage().orElseThrow();

    assertThat(ryuk).matches("testcontainers/ryuk:[0-9.]+");
    assertThat(
            TestcontainersMySql.imagesNeeded(
                "dbit/mysql:8.0.31", Map.of("TESTCONTAINERS_HOST_OVERRIDE", "localhost")))
        .containsExactly("dbit/mysql:8.0.31", TestcontainersMySql.substituted(ryuk));
    assertThat(
            TestcontainersMySql.imagesNeeded(
                "dbit/mysql:8.0.31",
                Map.of(
                    "TESTCONTAINERS_RYUK_DISABLED",
                    "true",
                    "TESTCONTAINERS_HOST_OVERRIDE",
                    "localhost")))
        .containsExactly("dbit/mysql:8.0.31");
  }

  @Test
  void acceptsAnotherMySqlCompatibleImage() {
    assertThat(TestcontainersMySql.imageName("mysql:8.4").asCanonicalNameString())
        .isEqualTo("mysql:8.4");
    assertThat(
            TestcontainersMySql.imageName("mariadb:11.4")
                .isCompatibleWith(org.testcontainers.utility.DockerImageName.parse("mysql")))
        .isTrue();
  }
}
