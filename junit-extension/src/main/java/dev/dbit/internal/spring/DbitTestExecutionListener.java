package dev.dbit.internal.spring;

import dev.dbit.internal.extension.DbitAnnotations;
import dev.dbit.internal.logging.ThirdPartyLogging;
import dev.dbit.internal.run.RunBinding;
import dev.dbit.internal.run.WorkerRun;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.springframework.beans.BeansException;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;
import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestExecutionListener;

/**
 * Puts dbit's reset before Spring's test transaction and the end of dbit's measurement after its
 * rollback, whatever order the test class lists the two extensions in ({@link
 * dev.dbit.internal.run.TestBoundary}); checks that the context's DataSource is dbit's; clears
 * Spring's caches after each reset ({@code dbit.spring.clear-caches}).
 *
 * <p>Ordered just before Spring's {@code TransactionalTestExecutionListener} (4000): listeners run
 * their {@code beforeTestMethod} in order and their {@code afterTestMethod} in reverse.
 */
public final class DbitTestExecutionListener implements TestExecutionListener, Ordered {
  /** Before {@code TransactionalTestExecutionListener}'s 4000 and {@code @Sql}'s 5000. */
  public static final int ORDER = 3_900;

  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** Contexts whose extra DataSources were already reported. */
  private static final Set<Integer> WARNED = ConcurrentHashMap.newKeySet();

  @Override
  public int getOrder() {
    return ORDER;
  }

  /**
   * Starts a dbit class's application context here, before Spring runs the class's scripts
   * ({@code @Sql(executionPhase = BEFORE_TEST_CLASS)}, 5000) and the class's {@code @BeforeAll}
   * methods: what the context writes while it starts is removed at once, since one start serves
   * every class that shares the context; what the class writes after it stays for the class's
   * tests.
   */
  @Override
  public void beforeTestClass(TestContext testContext) throws Exception {
    if (DbitAnnotations.find(testContext.getTestClass()).isEmpty()
        || testContext.hasApplicationContext()) {
      return;
    }
    Optional<WorkerRun> run = RunBinding.takenOnThisThread();
    if (run.isEmpty()) {
      return;
    }
    testContext.getApplicationContext();
    ThirdPartyLogging.afterLoggingWasReconfigured();
    List<String> written = run.get().tests().differingTables();
    if (!written.isEmpty()) {
      LOG.log(
          Level.WARNING,
          "dbit: the application context of "
              + testContext.getTestClass().getName()
              + " wrote to "
              + String.join(", ", written)
              + " of the test schema "
              + run.get().testSchema()
              + " while it started (a CommandLineRunner, an ApplicationRunner, a seeder,"
              + " spring.sql.init). One context serves many classes, so dbit removes those rows"
              + " now. Put seed data in a migration (dbit.migrations) or a script"
              + " (dbit.scripts), or write a class's rows in its @BeforeAll or"
              + " @Sql(executionPhase = BEFORE_TEST_CLASS): dbit keeps those for its tests.");
      run.get().tests().restore();
    }
  }

  @Override
  public void prepareTestInstance(TestContext testContext) {
    ThirdPartyLogging.afterLoggingWasReconfigured();
  }

  @Override
  public void beforeTestMethod(TestContext testContext) throws Exception {
    Class<?> testClass = testContext.getTestClass();
    if (DbitAnnotations.find(testClass).isEmpty()) {
      return;
    }
    WorkerRun run =
        RunBinding.ofThisThread()
            .orElseThrow(
                () ->
                    new ExtensionConfigurationException(
                        "dbit: Spring runs a test of "
                            + testClass.getName()
                            + " on a thread that holds no dbit run; @DbIntegrationTest must be on"
                            + " the test class (or a class it is nested in), and the class must"
                            + " use JUnit Jupiter's default PER_METHOD test instance lifecycle."));
    ApplicationContext application = testContext.getApplicationContext();
    requireDbitDataSource(application, testClass, run.testSchema());
    OptionalDouble reset =
        run.tests().measuring()
            ? OptionalDouble.empty()
            : OptionalDouble.of(
                run.tests()
                    .begin(
                        DbitAnnotations.resetsAutoIncrement(
                            testClass, run.config().resetAutoIncrement())));
    run.boundary().springStarted(reset);
    if (run.config().springClearCaches()) {
      clearCaches(application);
    }
  }

  @Override
  public void afterTestMethod(TestContext testContext) throws Exception {
    if (DbitAnnotations.find(testContext.getTestClass()).isEmpty()) {
      return;
    }
    Optional<WorkerRun> run = RunBinding.ofThisThread();
    if (run.isPresent()) {
      run.get().boundary().springEnded();
    }
  }

  /**
   * The DataSource the context hands out must be dbit's: a test slice or a bean that put another
   * database in its place would make every test green on a database dbit never sees.
   */
  private static void requireDbitDataSource(
      ApplicationContext application, Class<?> testClass, String schema) throws SQLException {
    DataSource primary;
    try {
      primary = application.getBean(DataSource.class);
    } catch (BeansException e) {
      throw new ExtensionConfigurationException(
          "dbit: the application context of "
              + testClass.getName()
              + " has no single DataSource to use ("
              + e.getMessage()
              + "). dbit registers its own as the primary one, named "
              + DbitContextCustomizer.BEAN_NAME
              + "; mark no other DataSource bean @Primary.",
          e);
    }
    if (!(primary instanceof RoutingDataSource) && !primary.isWrapperFor(RoutingDataSource.class)) {
      throw new ExtensionConfigurationException(
          "dbit: the application context of "
              + testClass.getName()
              + " hands out "
              + primary
              + " ("
              + primary.getClass().getName()
              + ") as its DataSource, not dbit's test schema: the tests would pass on a database"
              + " dbit neither resets nor measures. Remove what replaces dbit's DataSource"
              + " (@AutoConfigureTestDatabase(replace = ...) other than NONE, a @Primary"
              + " DataSource bean of the test).");
    }
    Map<String, DataSource> all = application.getBeansOfType(DataSource.class);
    Set<String> others = new TreeSet<>();
    all.forEach(
        (name, dataSource) -> {
          if (!(dataSource instanceof RoutingDataSource)) {
            others.add(name + " (" + dataSource.getClass().getName() + ")");
          }
        });
    if (!others.isEmpty() && WARNED.add(System.identityHashCode(application))) {
      LOG.log(
          Level.WARNING,
          "dbit: the application context of "
              + testClass.getName()
              + " also holds "
              + String.join(", ", others)
              + " beside dbit's test schema "
              + schema
              + "; what goes through "
              + (others.size() == 1 ? "it" : "them")
              + " is neither reset nor measured by dbit.");
    }
  }

  private static void clearCaches(ApplicationContext application) {
    for (CacheManager manager : application.getBeansOfType(CacheManager.class).values()) {
      for (String name : manager.getCacheNames()) {
        Cache cache = manager.getCache(name);
        if (cache != null) {
          cache.clear();
        }
      }
    }
  }
}
