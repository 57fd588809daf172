package dev.dbit;

import static org.junit.platform.engine.support.store.NamespacedHierarchicalStore.CloseAction.closeAutoCloseables;

import org.junit.jupiter.engine.JupiterTestEngine;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.store.Namespace;
import org.junit.platform.engine.support.store.NamespacedHierarchicalStore;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * The Jupiter engine in one launcher session for the whole test JVM, as Surefire runs the classes
 * of a build: dbit keeps its servers in the launcher session's store, so fixtures with the same
 * server settings share one embedded server instead of starting one per {@code EngineTestKit} run,
 * which opens a session of its own each time.
 *
 * <p>The session's store is closed, and with it the servers, when the launcher session that runs
 * this module's tests closes ({@link Closer}, registered in {@code META-INF/services}). Uses {@code
 * ExecutionRequest.create} with a store, which JUnit marks internal: the only way to hand an engine
 * a session of one's own.
 */
final class JvmSessionEngine implements TestEngine {
  /** The one session store of this JVM: what is shared is exactly what dbit keeps there. */
  private static final NamespacedHierarchicalStore<Namespace> SESSION =
      new NamespacedHierarchicalStore<>(null, closeAutoCloseables());

  private final JupiterTestEngine jupiter = new JupiterTestEngine();

  /** Not Jupiter's own id, which JUnit reserves for its engine. */
  @Override
  public String getId() {
    return "dbit-jvm-session";
  }

  @Override
  public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
    return jupiter.discover(request, uniqueId);
  }

  @Override
  public void execute(ExecutionRequest request) {
    try (NamespacedHierarchicalStore<Namespace> requestStore =
        new NamespacedHierarchicalStore<>(SESSION, closeAutoCloseables())) {
      jupiter.execute(
          ExecutionRequest.create(
              request.getRootTestDescriptor(),
              request.getEngineExecutionListener(),
              request.getConfigurationParameters(),
              request.getOutputDirectoryCreator(),
              requestStore));
    }
  }

  /** Stops the shared servers when the launcher session running this module's tests closes. */
  public static final class Closer implements LauncherSessionListener {
    @Override
    public void launcherSessionClosed(LauncherSession session) {
      SESSION.close();
    }
  }
}
