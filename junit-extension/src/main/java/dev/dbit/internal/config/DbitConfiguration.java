package dev.dbit.internal.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
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
 * @param scripts plain SQL scripts run into the template after the migrations, in order
 * @param liquibaseChangelog a Liquibase changelog applied to the template after them
 * @param jdbcParams extra JDBC URL parameters for the pool handed to tests, in given order
 * @param poolSize maximum pool size
 * @param embeddedDir where the embedded provider keeps binaries and data
 * @param image Docker image of the Testcontainers provider
 * @param stall what a confirmed transport stall does to its test: fail, warn or nothing
 * @param repeats what a likely N+1 does to its test: fail, warn or nothing
 * @param resetAutoIncrement whether every reset also resets the counters of the tables it cleans
 * @param resetTriggers whether dbit may put its change triggers on copies where counters are
 *     missing
 * @param timeouts how long connections wait on the server
 * @param engine the server the embedded provider runs
 * @param mysqld a {@code mysqld} the user named for the embedded provider
 * @param schemaCollation the default collation of the template, if set
 * @param springClearCaches whether Spring's caches are cleared after each reset
 * @param reportTestLines whether each test's {@code [dbit]} line goes to standard output
 */
public record DbitConfiguration(
    ProviderKind provider,
    Optional<String> externalUrl,
    String user,
    Secret password,
    List<String> migrations,
    List<String> scripts,
    Optional<String> liquibaseChangelog,
    Map<String, String> jdbcParams,
    int poolSize,
    Path embeddedDir,
    String image,
    Mode stall,
    Mode repeats,
    boolean resetAutoIncrement,
    boolean resetTriggers,
    Timeouts timeouts,
    EmbeddedEngine engine,
    Optional<Path> mysqld,
    Optional<String> schemaCollation,
    boolean springClearCaches,
    boolean reportTestLines) {

  public DbitConfiguration {
    migrations = List.copyOf(migrations);
    scripts = List.copyOf(scripts);
    jdbcParams = Collections.unmodifiableMap(new LinkedHashMap<>(jdbcParams));
  }
}
