package dev.dbit.internal.run;

import dev.dbit.TestDatabase;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.doctor.ServerDoctor;
import dev.dbit.internal.stall.StallGuard;
import dev.dbit.internal.template.SchemaLayout;
import dev.dbit.internal.template.TemplateBuilder;
import javax.sql.DataSource;

/**
 * One worker's run on one server, as {@link RunStarter} wired it: its settings, the template and
 * this worker's copy of it, the tests one after the other, and what judges them. The extension
 * keeps one per worker in JUnit's store; closing it ends the run's part in the copy.
 *
 * @param config the settings this run was started with
 * @param serverDescription the server, for messages and reports
 * @param template the template the copy restores to
 * @param layout the template's tables, keys and cascades
 * @param tests each test's reset, measurement and end, on the test's thread
 * @param database the {@link TestDatabase} handed to tests
 * @param dataSource the pool handed to tests, behind dbit's listeners
 * @param stallGuard judges transport stalls
 * @param doctor what the server's settings and the path to it cost
 * @param boundary where a test begins and ends when Spring's test transaction wraps it too
 */
public record WorkerRun(
    DbitConfiguration config,
    String serverDescription,
    TemplateBuilder.Template template,
    SchemaLayout layout,
    TestLifecycle tests,
    TestDatabase database,
    DataSource dataSource,
    StallGuard stallGuard,
    ServerDoctor doctor,
    TestBoundary boundary)
    implements AutoCloseable {

  /** The worker's copy of the template, the schema tests run on. */
  public String testSchema() {
    return database.schemaName();
  }

  @Override
  public void close() {
    tests.close(testSchema());
  }
}
