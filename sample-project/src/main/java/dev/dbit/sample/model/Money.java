package dev.dbit.sample.model;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * An amount in minor units (cents) of one currency.
 *
 * @param cents amount in minor units
 * @param currency ISO 4217 code
 */
public record Money(long cents, String currency) {

  public Money {
    if (currency == null || currency.length() != 3) {
      throw new IllegalArgumentException("currency must be a 3-letter ISO code: " + currency);
    }
  }

  public static Money of(long cents, String currency) {
    return new Money(cents, currency);
  }

  public static Money zero(String currency) {
    return new Money(0, currency);
  }

  public Money plus(Money other) {
    requireSameCurrency(other);
    return new Money(Math.addExact(cents, other.cents), currency);
  }

  public Money minus(Money other) {
    requireSameCurrency(other);
    return new Money(Math.subtractExact(cents, other.cents), currency);
  }

  public Money times(int quantity) {
    return new Money(Math.multiplyExact(cents, quantity), currency);
  }

  /** This amount times {@code basisPoints}/10000, rounded half up to a whole cent. */
  public Money share(int basisPoints) {
    BigDecimal result =
        BigDecimal.valueOf(cents)
            .multiply(BigDecimal.valueOf(basisPoints))
            .divide(BigDecimal.valueOf(10_000), 0, RoundingMode.HALF_UP);
    return new Money(result.longValueExact(), currency);
  }

  public boolean isNegative() {
    return cents < 0;
  }

  private void requireSameCurrency(Money other) {
    if (!currency.equals(other.currency)) {
      throw new IllegalArgumentException("cannot mix " + currency + " and " + other.currency);
    }
  }
}
