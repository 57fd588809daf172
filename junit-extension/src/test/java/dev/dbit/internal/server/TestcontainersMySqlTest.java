package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.testcontainers.mysql.MySQLContainer;

/**
 * What dbit asks Testcontainers for. Starting the container needs a Docker engine, which these
 * build machines do not have; the GitHub workflow runs it for real.
 */
class TestcontainersMySqlTest {

  @Test
  void configuresTunedMySqlOnTmpfsWithReuse() {
    MySQLContainer container = TestcontainersMySql.container("mysql:8.4");

    assertThat(container.getTmpFsMapping()).containsEntry("/var/lib/mysql", "rw");
    assertThat(container.getCommandParts())
        .containsExactly(
            "--skip-name-resolve",
            "--skip-log-bin",
            "--innodb-flush-log-at-trx-commit=2",
            "--sync-binlog=0",
            "--innodb-doublewrite=OFF",
            "--performance-schema=ON");
    assertThat(container.isShouldBeReused()).isTrue();
    assertThat(container.getUsername()).isEqualTo("root");
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
