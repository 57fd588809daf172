package dev.dbit.sample.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.sample.model.EmailAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EmailAddressTest {
  @ParameterizedTest
  @ValueSource(strings = {" Ada@Example.COM ", "ada@example.com"})
  void normalisesCaseAndSpace(String raw) {
    assertThat(EmailAddress.parse(raw).value()).isEqualTo("ada@example.com");
  }

  @ParameterizedTest
  @ValueSource(strings = {"ada", "ada@example", "a@b@c.de", "a b@c.de"})
  void rejectsWhatIsNotAnAddress(String raw) {
    assertThatThrownBy(() -> EmailAddress.parse(raw))
        .hasMessageStartingWith("not an e-mail address");
  }
}
