package dev.dbit.internal.extension;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext.Store;
import org.junit.jupiter.api.extension.ExtensionContext.StoreScope;

/**
 * The stores that outlive a test class: the launcher session's (the server) and the execution
 * request's (the runs, the run's stall tally). Their scopes came with JUnit Jupiter 5.13; on an
 * older Jupiter (Spring Boot 3.5 manages 5.12) dbit fails here, naming the fix, instead of with a
 * {@link NoClassDefFoundError}.
 */
final class Stores {
  private static final boolean SCOPES_PRESENT = scopesPresent();

  private Stores() {}

  static Store session(ExtensionContext context, Namespace namespace) {
    requireScopes();
    return context.getStore(StoreScope.LAUNCHER_SESSION, namespace);
  }

  static Store request(ExtensionContext context, Namespace namespace) {
    requireScopes();
    return context.getStore(StoreScope.EXECUTION_REQUEST, namespace);
  }

  /** Checked at every store access: a constant, so the version is looked up only to fail. */
  private static void requireScopes() {
    if (!SCOPES_PRESENT) {
      requireScopes(false, ExtensionContext.class.getPackage().getImplementationVersion());
    }
  }

  static void requireScopes(boolean present, String jupiterVersion) {
    if (!present) {
      throw new ExtensionConfigurationException(
          "dbit: needs JUnit Jupiter 5.13 or newer; this run has "
              + (jupiterVersion == null ? "an older one" : jupiterVersion)
              + " (Spring Boot 3.5 manages 5.12). Fix: with Spring Boot's parent, set the Maven"
              + " property junit-jupiter.version to 5.14.4 (Gradle: extra[\"junit-jupiter.version\"]);"
              + " otherwise import org.junit:junit-bom:5.14.4 (or 6.x) before other BOMs.");
    }
  }

  private static boolean scopesPresent() {
    try {
      return StoreScope.values().length > 0;
    } catch (NoClassDefFoundError e) {
      return false;
    }
  }
}
