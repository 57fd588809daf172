package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.spring.RoutingDataSource;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A thread of no test class (a web server's, an executor's) asks for a connection while two dbit
 * classes run in parallel: dbit cannot tell whose schema it means, refuses it, and fails the tests
 * that ran then with the reason and the {@code @Isolated} advice, not only the thread's caller.
 */
class UnattributedThreadTest {
  static final CyclicBarrier BOTH_RUN = new CyclicBarrier(2);
  static final CyclicBarrier ASKED = new CyclicBarrier(2);
  static final AtomicReference<String> REFUSAL = new AtomicReference<>();

  @Test
  void theTestsThatRanFailWithTheIsolatedAdvice() {
    EngineExecutionResults results =
        DbitTestKit.run(
            ParallelClassesTest.CLASSES_CONCURRENT, AskingTestCase.class, WaitingTestCase.class);

    assertThat(REFUSAL.get()).contains("dbit cannot tell whose schema it means");
    List<String> failures =
        results.testEvents().failed().stream()
            .map(event -> DbitTestKit.failure(event).getMessage())
            .toList();
    assertThat(failures)
        .hasSize(2)
        .allSatisfy(
            message ->
                assertThat(message)
                    .startsWith("dbit: thread dbit-test-unattributed asked dbit's DataSource")
                    .contains("annotate it with JUnit's @Isolated")
                    .endsWith("(refused while this test ran)"));
  }

  @DbIntegrationTest
  static class AskingTestCase {
    @Test
    void aThreadOfItsOwnAsksForAConnection() throws Exception {
      BOTH_RUN.await(60, TimeUnit.SECONDS);
      Thread thread =
          new Thread(
              () -> {
                try {
                  new RoutingDataSource().getConnection().close();
                  REFUSAL.set("no refusal");
                } catch (SQLException e) {
                  REFUSAL.set(e.getMessage());
                }
              },
              "dbit-test-unattributed");
      thread.start();
      thread.join(60_000);
      ASKED.await(60, TimeUnit.SECONDS);
    }
  }

  @DbIntegrationTest
  static class WaitingTestCase {
    @Test
    void runsMeanwhile() throws Exception {
      BOTH_RUN.await(60, TimeUnit.SECONDS);
      ASKED.await(60, TimeUnit.SECONDS);
    }
  }
}
