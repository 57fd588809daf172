package dev.dbit.internal.template;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.jdbc.FactoryDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import liquibase.Scope;
import liquibase.command.CommandScope;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import liquibase.resource.DirectoryResourceAccessor;
import liquibase.resource.ResourceAccessor;
import liquibase.ui.LoggerUIService;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * A Liquibase changelog ({@code dbit.liquibase.changelog}) applied to the template after the Flyway
 * migrations and scripts. Only this class touches Liquibase, an optional dependency.
 */
public final class LiquibaseChangelog {
  private LiquibaseChangelog() {}

  /**
   * The location whose files the template's fingerprint covers: the directory of the changelog,
   * where the files it includes live.
   */
  public static String fingerprintLocation(String changelog) {
    int slash = changelog.lastIndexOf('/');
    int colon = changelog.indexOf(':');
    return slash > colon ? changelog.substring(0, slash) : changelog.substring(0, colon + 1) + ".";
  }

  /**
   * Fails naming the setting when the changelog does not exist, or the dependency when Liquibase is
   * not on the test class path.
   */
  public static void require(String changelog, ClassLoader classLoader) {
    boolean exists =
        changelog.startsWith("filesystem:")
            ? Files.isRegularFile(Path.of(changelog.substring("filesystem:".length())))
            : classLoader.getResource(
                    changelog.substring("classpath:".length()).replaceFirst("^/", ""))
                != null;
    if (!exists) {
      throw missing(changelog);
    }
    requireLiquibase(classLoader);
  }

  private static void requireLiquibase(ClassLoader classLoader) {
    try {
      Class.forName("liquibase.command.CommandScope", false, classLoader);
    } catch (ClassNotFoundException e) {
      throw new ExtensionConfigurationException(
          "dbit: "
              + DbIntegrationTest.LIQUIBASE_CHANGELOG
              + " is set, but Liquibase is not on the test class path. Add"
              + " org.liquibase:liquibase-core (4.x) as a test dependency.",
          e);
    }
  }

  /** Applies {@code changelog} to {@code schema}. */
  static void update(
      ConnectionFactory connections, String schema, String changelog, ClassLoader classLoader)
      throws Exception {
    ResourceAccessor resources;
    String path;
    if (changelog.startsWith("filesystem:")) {
      Path file = Path.of(changelog.substring("filesystem:".length())).toAbsolutePath();
      if (!Files.isRegularFile(file)) {
        throw missing(changelog);
      }
      resources = new DirectoryResourceAccessor(file.getParent());
      path = file.getFileName().toString();
    } else {
      path = changelog.substring("classpath:".length()).replaceFirst("^/", "");
      if (classLoader.getResource(path) == null) {
        throw missing(changelog);
      }
      resources = new ClassLoaderResourceAccessor(classLoader);
    }
    try (Connection connection = new FactoryDataSource(connections, schema).getConnection()) {
      Database database =
          DatabaseFactory.getInstance()
              .findCorrectDatabaseImplementation(new JdbcConnection(connection));
      String changelogPath = path;
      Scope.child(
          Map.of(
              Scope.Attr.resourceAccessor.name(),
              resources,
              Scope.Attr.ui.name(),
              new LoggerUIService()),
          () ->
              new CommandScope("update")
                  .addArgumentValue("database", database)
                  .addArgumentValue("changelogFile", changelogPath)
                  .execute());
    }
  }

  private static ExtensionConfigurationException missing(String changelog) {
    return new ExtensionConfigurationException(
        "dbit: "
            + DbIntegrationTest.LIQUIBASE_CHANGELOG
            + " names "
            + changelog
            + ", which does not exist. Name the master changelog with classpath: (for example"
            + " classpath:db/changelog/db.changelog-master.yaml) or filesystem:.");
  }
}
