package dev.dbit.sample.spring;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** How many items a customer ordered, summed over the lines of every order. */
@Service
public class OrderHistory {
  private final PurchaseOrderRepository orders;

  public OrderHistory(PurchaseOrderRepository orders) {
    this.orders = orders;
  }

  /** Reads the orders, then each order's lines as the loop reaches them: one query per order. */
  @Transactional(readOnly = true)
  public int itemsOrderedOrderByOrder(long customerId) {
    return orders.findByCustomerId(customerId).stream()
        .flatMap(order -> order.getLines().stream())
        .mapToInt(OrderLine::getQuantity)
        .sum();
  }

  /** The same sum from one query that fetches the orders with their lines. */
  @Transactional(readOnly = true)
  public int itemsOrdered(long customerId) {
    return orders.findWithLinesByCustomerId(customerId).stream()
        .flatMap(order -> order.getLines().stream())
        .mapToInt(OrderLine::getQuantity)
        .sum();
  }
}
