package dev.dbit;

import dev.dbit.internal.DbitRun;
import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.ServerChoice;
import dev.dbit.internal.server.ServerProvisioner;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.StoreScope;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The extension behind {@link DbIntegrationTest}; not public API.
 *
 * <p>The server lives in the launcher session's store (one per JVM), the run (template, copy,
 * control connection, pool) in the execution request's store; both are closed by JUnit.
 */
final class DbIntegrationTestExtension
    implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final Namespace NAMESPACE = Namespace.create(DbIntegrationTestExtension.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    DbitRun run = run(context);
    context.publishReportEntry(
        java.util.Map.of(
            ReportKeys.SERVER, run.serverDescription(),
            ReportKeys.TEMPLATE, run.templateSchema(),
            ReportKeys.TEMPLATE_REUSED, Boolean.toString(run.templateReused()),
            ReportKeys.TEST_SCHEMA, run.testSchema()));
  }

  @Override
  public void beforeEach(ExtensionContext context) throws SQLException {
    run(context).resetBeforeTest();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == DataSource.class || type == TestDatabase.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    DbitRun run = run(context);
    return parameter.getParameter().getType() == DataSource.class ? run.dataSource() : run.database();
  }

  private static DbitRun run(ExtensionContext context) {
    return context
        .getStore(StoreScope.EXECUTION_REQUEST, NAMESPACE)
        .getOrComputeIfAbsent(LazyRun.class, key -> LazyRun.start(context), LazyRun.class)
        .get();
  }

  /** Identifies a server so that runs with the same settings share it within a JVM. */
  private record ServerKey(ServerChoice choice, Optional<String> url, String user, Path dir, String image) {}

  /** The run, or the reason it could not start, so a broken setup fails fast for every class. */
  private static final class LazyRun implements AutoCloseable {
    private final DbitRun run;
    private final RuntimeException failure;

    private LazyRun(DbitRun run, RuntimeException failure) {
      this.run = run;
      this.failure = failure;
    }

    static LazyRun start(ExtensionContext context) {
      try {
        DbitConfiguration config = new ConfigurationReader(context::getConfigurationParameter).read();
        ServerChoice choice = ServerProvisioner.choose(config, ServerProvisioner::dockerAvailable);
        ServerKey key =
            new ServerKey(choice, config.externalUrl(), config.user(), config.embeddedDir(), config.image());
        DatabaseServer server =
            context
                .getStore(StoreScope.LAUNCHER_SESSION, NAMESPACE)
                .getOrComputeIfAbsent(
                    key,
                    k -> {
                      long start = System.nanoTime();
                      DatabaseServer started = ServerProvisioner.start(config, choice);
                      LOG.log(
                          Level.INFO,
                          String.format(
                              "dbit: provider %s (%s): %s, up in %d ms",
                              choice.kind().value(),
                              choice.reason(),
                              started.description(),
                              (System.nanoTime() - start) / 1_000_000));
                      return started;
                    },
                    DatabaseServer.class);
        ClassLoader classLoader = context.getRequiredTestClass().getClassLoader();
        return new LazyRun(DbitRun.start(config, server, classLoader), null);
      } catch (RuntimeException e) {
        return new LazyRun(null, e);
      }
    }

    DbitRun get() {
      if (failure != null) {
        throw failure;
      }
      return run;
    }

    @Override
    public void close() {
      if (run != null) {
        run.close();
      }
    }
  }
}
