package dev.dbit.sample.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.sample.model.Money;
import org.junit.jupiter.api.Test;

class MoneyTest {
  @Test
  void addsAndSubtractsWithinOneCurrency() {
    assertThat(Money.of(150, "EUR").plus(Money.of(250, "EUR")).minus(Money.of(100, "EUR")))
        .isEqualTo(Money.of(300, "EUR"));
  }

  @Test
  void refusesToMixCurrencies() {
    assertThatThrownBy(() -> Money.of(1, "EUR").plus(Money.of(1, "USD")))
        .hasMessage("cannot mix EUR and USD");
  }

  @Test
  void sharesRoundHalfUpToWholeCents() {
    assertThat(Money.of(4999, "EUR").share(1900)).isEqualTo(Money.of(950, "EUR"));
    assertThat(Money.of(5, "EUR").share(5000)).isEqualTo(Money.of(3, "EUR"));
  }

  @Test
  void multipliesByQuantity() {
    assertThat(Money.of(1500, "EUR").times(3)).isEqualTo(Money.of(4500, "EUR"));
  }

  @Test
  void needsAnIsoCurrencyCode() {
    assertThatThrownBy(() -> Money.of(1, "EURO"))
        .hasMessage("currency must be a 3-letter ISO code: EURO");
  }
}
