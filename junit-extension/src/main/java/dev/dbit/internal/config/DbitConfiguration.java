package dev.dbit.internal.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Validated, immutable settings of one dbit run, read once from JUnit configuration parameters.
 *
 * @param provider which server provider to use
 * @param externalUrl the {@code dbit.url} value, if given
 * @param user user for external servers
 * @param password password for external servers, never printed
 * @param migrations Flyway locations
 * @param jdbcParams extra JDBC URL parameters for the pool handed to tests, in given order
 * @param poolSize maximum pool size
 * @param embeddedDir where the embedded provider keeps binaries and data
 * @param image Docker image of the Testcontainers provider
 * @param stall when a test counts as stalled and what happens then
 * @param resetAutoIncrement whether every reset also resets the counters of the tables it cleans
 * @param timeouts how long connections wait on the server
 * @param engine the server the embedded provider runs
 * @param mysqld a {@code mysqld} the user named for the embedded provider
 */
public record DbitConfiguration(
    ProviderKind provider,
    Optional<String> externalUrl,
    String user,
    Secret password,
    List<String> migrations,
    Map<String, String> jdbcParams,
    int poolSize,
    Path embeddedDir,
    String image,
    StallSettings stall,
    boolean resetAutoIncrement,
    Timeouts timeouts,
    EmbeddedEngine engine,
    Optional<Path> mysqld) {

  public DbitConfiguration {
    migrations = List.copyOf(migrations);
    jdbcParams = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(jdbcParams));
  }
}
