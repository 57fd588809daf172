package dev.dbit.sample.model;

import java.util.EnumSet;
import java.util.Set;

/** The life of an order; codes match the {@code order_status} reference table. */
public enum OrderStatus {
  NEW,
  PAID,
  PICKING,
  SHIPPED,
  DELIVERED,
  CANCELLED,
  RETURNED;

  /** Statuses this one may move to. */
  public Set<OrderStatus> next() {
    return switch (this) {
      case NEW -> EnumSet.of(PAID, CANCELLED);
      case PAID -> EnumSet.of(PICKING, CANCELLED);
      case PICKING -> EnumSet.of(SHIPPED, CANCELLED);
      case SHIPPED -> EnumSet.of(DELIVERED);
      case DELIVERED -> EnumSet.of(RETURNED);
      case CANCELLED, RETURNED -> EnumSet.noneOf(OrderStatus.class);
    };
  }

  public boolean canMoveTo(OrderStatus target) {
    return next().contains(target);
  }

  public boolean isFinal() {
    return next().isEmpty() || this == DELIVERED;
  }
}
