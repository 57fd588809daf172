package dev.dbit.sample.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.sample.model.Money;
import dev.dbit.sample.model.OrderTotals;
import java.util.List;
import org.junit.jupiter.api.Test;

class OrderTotalsTest {
  private static final OrderTotals.Line KETTLE =
      new OrderTotals.Line(Money.of(4999, "EUR"), 2, 1900);
  private static final OrderTotals.Line BOOK = new OrderTotals.Line(Money.of(1500, "EUR"), 1, 700);

  @Test
  void taxesEachLineAtItsOwnRate() {
    OrderTotals totals = OrderTotals.of(List.of(KETTLE, BOOK), 0, "EUR");

    assertThat(totals.subtotal()).isEqualTo(Money.of(11498, "EUR"));
    assertThat(totals.tax()).isEqualTo(Money.of(1900 + 105, "EUR"));
    assertThat(totals.total()).isEqualTo(Money.of(11498 + 2005, "EUR"));
  }

  @Test
  void discountComesOffBeforeTax() {
    OrderTotals totals = OrderTotals.of(List.of(KETTLE), 1000, "EUR");

    assertThat(totals.discount()).isEqualTo(Money.of(1000, "EUR"));
    assertThat(totals.tax()).isEqualTo(Money.of(1710, "EUR"));
    assertThat(totals.total()).isEqualTo(Money.of(9998 - 1000 + 1710, "EUR"));
  }

  @Test
  void emptyOrderCostsNothing() {
    assertThat(OrderTotals.of(List.of(), 0, "EUR").total()).isEqualTo(Money.zero("EUR"));
  }

  @Test
  void rejectsImpossibleDiscountsAndQuantities() {
    assertThatThrownBy(() -> OrderTotals.of(List.of(KETTLE), 10_001, "EUR"))
        .hasMessage("discount must be 0..10000 basis points: 10001");
    assertThatThrownBy(() -> new OrderTotals.Line(Money.of(1, "EUR"), 0, 0))
        .hasMessage("quantity must be positive: 0");
  }
}
