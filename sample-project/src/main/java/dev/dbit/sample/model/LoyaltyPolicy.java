package dev.dbit.sample.model;

/** How customers earn and spend loyalty points. */
public final class LoyaltyPolicy {
  /** Points per whole currency unit paid. */
  public static final int POINTS_PER_UNIT = 1;

  /** Points needed for one currency unit of discount. */
  public static final int POINTS_PER_DISCOUNT_UNIT = 100;

  private LoyaltyPolicy() {}

  /** Points earned for paying {@code paid}: whole units only, nothing for refunds. */
  public static int pointsEarned(Money paid) {
    return paid.isNegative() ? 0 : (int) (paid.cents() / 100) * POINTS_PER_UNIT;
  }

  /** Cents of discount that {@code points} buy, never more than {@code limit}. */
  public static long discountCents(int points, long limitCents) {
    long cents = (long) (points / POINTS_PER_DISCOUNT_UNIT) * 100;
    return Math.min(cents, limitCents);
  }
}
