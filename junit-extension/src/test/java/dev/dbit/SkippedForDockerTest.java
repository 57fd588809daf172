package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dbit class that keeps {@code @Testcontainers(disabledWithoutDocker = true)} is skipped on a
 * machine without Docker before dbit runs, and the build stays green: dbit names it.
 * Testcontainers' condition is stood in for here by one that answers with its words, since this
 * machine's Docker engine may answer.
 */
class SkippedForDockerTest {

  @Test
  void aDbitClassSkippedForWantOfDockerIsNamed(@TempDir Path reports) throws IOException {
    assertThat(warnings(reports, SkippedLikeTestcontainers.class))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith(
                        "dbit: Testcontainers skipped "
                            + SkippedLikeTestcontainers.class.getName()
                            + " for want of Docker (@Testcontainers(disabledWithoutDocker = true))")
                    .endsWith(
                        "delete @Testcontainers (docs/spring.md, Moving from Testcontainers)."));
  }

  @Test
  void aClassDisabledForAnotherReasonIsNotNamed(@TempDir Path reports) throws IOException {
    assertThat(warnings(reports, DisabledByItsAuthor.class))
        .noneSatisfy(line -> assertThat(line).contains("Testcontainers skipped"));
  }

  private static List<String> warnings(Path reports, Class<?> testCase) throws IOException {
    try (LogLines lines = new LogLines()) {
      DbitTestKit.launch(Map.of(), reports, testCase);
      return lines.messages();
    }
  }

  /** Testcontainers' condition on a machine without Docker: its result, in its words. */
  static class NoDocker implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return ConditionEvaluationResult.disabled(
          "disabledWithoutDocker is true and Docker is not available");
    }
  }

  @DbIntegrationTest
  @ExtendWith(NoDocker.class)
  static class SkippedLikeTestcontainers {
    @Test
    void needsItsDatabase() {}
  }

  @DbIntegrationTest
  @Disabled("not ready")
  static class DisabledByItsAuthor {
    @Test
    void needsItsDatabase() {}
  }
}
