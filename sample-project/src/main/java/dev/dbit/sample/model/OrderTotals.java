package dev.dbit.sample.model;

import java.util.List;

/**
 * The money side of an order: subtotal, discount, tax on the discounted amount, total.
 *
 * @param subtotal sum of the lines
 * @param discount coupon discount
 * @param tax tax on subtotal minus discount
 * @param total what the customer pays
 */
public record OrderTotals(Money subtotal, Money discount, Money tax, Money total) {

  /** A priced order line. */
  public record Line(Money unitPrice, int quantity, int taxBasisPoints) {
    public Line {
      if (quantity <= 0) {
        throw new IllegalArgumentException("quantity must be positive: " + quantity);
      }
    }

    Money amount() {
      return unitPrice.times(quantity);
    }
  }

  /** Computes totals; the discount is spread over lines in proportion before tax. */
  public static OrderTotals of(List<Line> lines, int discountBasisPoints, String currency) {
    if (discountBasisPoints < 0 || discountBasisPoints > 10_000) {
      throw new IllegalArgumentException(
          "discount must be 0..10000 basis points: " + discountBasisPoints);
    }
    Money subtotal = Money.zero(currency);
    Money discount = Money.zero(currency);
    Money tax = Money.zero(currency);
    for (Line line : lines) {
      Money amount = line.amount();
      Money lineDiscount = amount.share(discountBasisPoints);
      subtotal = subtotal.plus(amount);
      discount = discount.plus(lineDiscount);
      tax = tax.plus(amount.minus(lineDiscount).share(line.taxBasisPoints()));
    }
    return new OrderTotals(subtotal, discount, tax, subtotal.minus(discount).plus(tax));
  }
}
