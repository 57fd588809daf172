package dev.dbit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * Runs one test class in a JVM of its own, the way a build tool would, so that a test can read
 * everything dbit and its libraries print. Exits 0 when every test passed. Configuration comes from
 * system properties.
 */
final class ConsoleRun {
  private ConsoleRun() {}

  public static void main(String[] args) throws ClassNotFoundException {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(Class.forName(args[0])))
            .build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    launcher.execute(request, summary);
    System.exit(
        summary.getSummary().getTotalFailureCount() == 0
                && summary.getSummary().getTestsSucceededCount() > 0
            ? 0
            : 1);
  }
}
