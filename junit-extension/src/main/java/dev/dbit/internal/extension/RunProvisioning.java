package dev.dbit.internal.extension;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.EmbeddedEngine;
import dev.dbit.internal.config.ProviderKind;
import dev.dbit.internal.logging.OneLineFormat;
import dev.dbit.internal.logging.ThirdPartyLogging;
import dev.dbit.internal.run.RunStarter;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.ServerChoice;
import dev.dbit.internal.server.ServerProvisioner;
import dev.dbit.internal.server.ServerStartException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;

/**
 * Where a run's server comes from: the configuration read once, the provider chosen, and the server
 * kept in the launcher session's store, so that runs with the same server settings share it within
 * a JVM.
 */
final class RunProvisioning {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  private RunProvisioning() {}

  /** Identifies a server so that runs with the same settings share it within a JVM. */
  private record ServerKey(
      ServerChoice choice,
      Optional<String> url,
      String user,
      Path dir,
      String image,
      EmbeddedEngine engine,
      Optional<Path> mysqld) {}

  /**
   * The workers of one execution request; the server they run on comes from the launcher session's
   * store, started on first use.
   */
  static Workers workers(ExtensionContext context, Namespace namespace) {
    ClassLoader classLoader = context.getRequiredTestClass().getClassLoader();
    ExtensionContext.Store serverStore = Stores.session(context, namespace);
    return new Workers(
        () -> {
          OneLineFormat.install();
          DbitConfiguration config =
              new ConfigurationReader(context::getConfigurationParameter).read();
          ThirdPartyLogging.quiet();
          ServerChoice choice = ServerProvisioner.choose(config, ServerProvisioner::lookAtDocker);
          ServerKey key =
              new ServerKey(
                  choice,
                  config.externalUrl(),
                  config.user(),
                  config.embeddedDir(),
                  config.image(),
                  config.engine(),
                  config.mysqld());
          DatabaseServer server =
              serverStore.getOrComputeIfAbsent(
                  key, k -> startServer(config, choice), DatabaseServer.class);
          return RunStarter.start(config, server, classLoader);
        });
  }

  /**
   * Says which provider and why before it starts anything, so that a failed start has context.
   * Where {@code auto} chose Testcontainers and its start fails, the run falls back to the embedded
   * server, saying why: auto promised a server that works, not a container.
   */
  private static DatabaseServer startServer(DbitConfiguration config, ServerChoice choice) {
    try {
      return startLogged(config, choice);
    } catch (ServerStartException e) {
      if (config.provider() != ProviderKind.AUTO || choice.kind() != ProviderKind.TESTCONTAINERS) {
        throw e;
      }
      LOG.log(
          Level.WARNING,
          "dbit: Testcontainers did not start, so auto falls back to the embedded server ("
              + DbIntegrationTest.PROVIDER
              + "=testcontainers fails instead): "
              + e.getMessage());
      return startLogged(
          config, new ServerChoice(ProviderKind.EMBEDDED, "auto, after Testcontainers failed"));
    }
  }

  private static DatabaseServer startLogged(DbitConfiguration config, ServerChoice choice) {
    LOG.log(
        Level.INFO,
        String.format("dbit: provider %s (%s): starting", choice.kind().value(), choice.reason()));
    long start = System.nanoTime();
    DatabaseServer started = ServerProvisioner.start(config, choice);
    LOG.log(
        Level.INFO,
        String.format(
            "dbit: provider %s: %s, up in %d ms",
            choice.kind().value(), started.description(), (System.nanoTime() - start) / 1_000_000));
    return started;
  }
}
