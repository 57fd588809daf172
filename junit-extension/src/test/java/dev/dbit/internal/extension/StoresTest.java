package dev.dbit.internal.extension;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

class StoresTest {
  @Test
  void aJupiterWithoutStoreScopesFailsNamingItsVersionAndTheFix() {
    assertThatThrownBy(() -> Stores.requireScopes(false, "5.12.2"))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("JUnit Jupiter 5.13 or newer; this run has 5.12.2")
        .hasMessageContaining("junit-jupiter.version to 5.14.4");
  }

  @Test
  void aJupiterWithStoreScopesPasses() {
    assertThatCode(() -> Stores.requireScopes(true, "5.14.4")).doesNotThrowAnyException();
  }
}
