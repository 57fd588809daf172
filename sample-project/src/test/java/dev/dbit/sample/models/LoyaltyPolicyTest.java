package dev.dbit.sample.models;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.sample.model.LoyaltyPolicy;
import dev.dbit.sample.model.Money;
import org.junit.jupiter.api.Test;

class LoyaltyPolicyTest {
  @Test
  void earnsOnePointPerWholeUnit() {
    assertThat(LoyaltyPolicy.pointsEarned(Money.of(4999, "EUR"))).isEqualTo(49);
  }

  @Test
  void earnsNothingForRefunds() {
    assertThat(LoyaltyPolicy.pointsEarned(Money.of(-500, "EUR"))).isZero();
  }

  @Test
  void discountIsCappedByTheOrder() {
    assertThat(LoyaltyPolicy.discountCents(1050, 5000)).isEqualTo(1000);
    assertThat(LoyaltyPolicy.discountCents(100_000, 5000)).isEqualTo(5000);
  }
}
