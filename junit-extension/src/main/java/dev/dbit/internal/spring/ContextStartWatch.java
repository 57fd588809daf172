package dev.dbit.internal.spring;

import dev.dbit.internal.extension.DbitAnnotations;
import dev.dbit.internal.run.RunBinding;
import dev.dbit.internal.run.WorkerRun;
import java.util.ArrayList;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestExecutionListener;

/**
 * Notes which tables differ from the template just before a dbit class's application context
 * starts, so that {@link DbitTestExecutionListener} can name the tables the context wrote while it
 * started. Ordered before every listener of Spring's that could start the context.
 */
public final class ContextStartWatch implements TestExecutionListener, Ordered {
  /** The test context attribute that carries the tables, as a {@code List<String>}. */
  static final String DIFFERING_BEFORE = ContextStartWatch.class.getName() + ".differing";

  @Override
  public int getOrder() {
    return 100;
  }

  @Override
  public void prepareTestInstance(TestContext testContext) throws Exception {
    if (DbitAnnotations.find(testContext.getTestClass()).isEmpty()
        || testContext.hasApplicationContext()) {
      return;
    }
    Optional<WorkerRun> run = RunBinding.ofThisThread();
    if (run.isPresent()) {
      testContext.setAttribute(
          DIFFERING_BEFORE, new ArrayList<>(run.get().tests().differingTables()));
    }
  }
}
