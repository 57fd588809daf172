package dev.dbit.sample.models;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.sample.model.OrderStatus;
import org.junit.jupiter.api.Test;

class OrderStatusTest {
  @Test
  void followsTheHappyPath() {
    assertThat(OrderStatus.NEW.canMoveTo(OrderStatus.PAID)).isTrue();
    assertThat(OrderStatus.PAID.canMoveTo(OrderStatus.PICKING)).isTrue();
    assertThat(OrderStatus.PICKING.canMoveTo(OrderStatus.SHIPPED)).isTrue();
    assertThat(OrderStatus.SHIPPED.canMoveTo(OrderStatus.DELIVERED)).isTrue();
  }

  @Test
  void shippedOrdersCannotBeCancelled() {
    assertThat(OrderStatus.SHIPPED.canMoveTo(OrderStatus.CANCELLED)).isFalse();
  }

  @Test
  void cancelledAndReturnedAreFinal() {
    assertThat(OrderStatus.CANCELLED.next()).isEmpty();
    assertThat(OrderStatus.RETURNED.isFinal()).isTrue();
    assertThat(OrderStatus.PAID.isFinal()).isFalse();
  }
}
