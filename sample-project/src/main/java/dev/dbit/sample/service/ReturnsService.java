package dev.dbit.sample.service;

import dev.dbit.sample.BusinessRuleException;
import dev.dbit.sample.Database;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.PaymentRepository;
import dev.dbit.sample.repository.ReturnRepository;
import dev.dbit.sample.repository.StockRepository;
import java.util.List;

/** Handles full returns of delivered orders: refund, restock when the reason allows it. */
public final class ReturnsService {
  private final Database database;
  private final long warehouseId;
  private final OrderRepository orders = new OrderRepository();
  private final ReturnRepository returns = new ReturnRepository();
  private final PaymentRepository payments = new PaymentRepository();
  private final StockRepository stock = new StockRepository();

  public ReturnsService(Database database, long warehouseId) {
    this.database = database;
    this.warehouseId = warehouseId;
  }

  /** Opens a return for every line of a delivered order. */
  public long requestFullReturn(long orderId, String reasonCode) {
    return database.inTransaction(
        c -> {
          OrderRepository.Order order =
              orders
                  .find(c, orderId)
                  .orElseThrow(() -> new BusinessRuleException("no order " + orderId));
          if (order.status() != OrderStatus.DELIVERED) {
            throw new BusinessRuleException(
                "only delivered orders can be returned; "
                    + order.number()
                    + " is "
                    + order.status());
          }
          long returnId = returns.request(c, orderId, order.customerId(), reasonCode);
          for (OrderRepository.Line line : orders.lines(c, orderId)) {
            returns.addItem(c, returnId, line.id(), line.quantity());
          }
          return returnId;
        });
  }

  /** Approves a return: refunds the captured payment, restocks, marks the order RETURNED. */
  public void approve(long returnId, String decidedBy) {
    database.inTransaction(
        c -> {
          ReturnRepository.ReturnRequest request =
              returns
                  .find(c, returnId)
                  .orElseThrow(() -> new BusinessRuleException("no return " + returnId));
          List<PaymentRepository.Payment> captured =
              payments.forOrder(c, request.orderId()).stream()
                  .filter(p -> p.status().equals("CAPTURED"))
                  .toList();
          if (captured.isEmpty()) {
            throw new BusinessRuleException(
                "order " + request.orderId() + " has no captured payment to refund");
          }
          PaymentRepository.Payment payment = captured.get(0);
          payments.refund(c, payment.id(), payment.amountCents(), request.reasonCode());
          returns.decide(c, returnId, true, payment.amountCents(), decidedBy);
          if (returns.restocks(c, request.reasonCode())) {
            for (OrderRepository.Line line : orders.lines(c, request.orderId())) {
              stock.adjust(
                  c,
                  warehouseId,
                  line.productId(),
                  line.quantity(),
                  "RETURNED",
                  "return-" + returnId);
            }
          }
          orders.moveTo(c, request.orderId(), OrderStatus.DELIVERED, OrderStatus.RETURNED);
          return null;
        });
  }
}
