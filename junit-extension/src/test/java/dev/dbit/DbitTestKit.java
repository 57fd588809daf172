package dev.dbit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Map;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs fixture test classes through the JUnit Platform with explicit dbit settings only. */
final class DbitTestKit {
  private DbitTestKit() {}

  static EngineExecutionResults run(Class<?> testCase, Map<String, String> configuration) {
    return EngineTestKit.engine("junit-jupiter")
        .enableImplicitConfigurationParameters(false)
        .configurationParameters(configuration)
        .configurationParameter("junit.jupiter.conditions.deactivate", "")
        .selectors(selectClass(testCase))
        .execute();
  }

  static EngineExecutionResults run(Class<?> testCase) {
    return run(testCase, Map.of());
  }
}
