package dev.dbit.sample.service;

import dev.dbit.sample.BusinessRuleException;
import dev.dbit.sample.Database;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.ShipmentRepository;
import dev.dbit.sample.repository.StockRepository;

/** Picks, ships and delivers paid orders from one warehouse. */
public final class FulfilmentService {
  private final Database database;
  private final long warehouseId;
  private final OrderRepository orders = new OrderRepository();
  private final ShipmentRepository shipments = new ShipmentRepository();
  private final StockRepository stock = new StockRepository();

  public FulfilmentService(Database database, long warehouseId) {
    this.database = database;
    this.warehouseId = warehouseId;
  }

  /** Ships every line of a PAID order in one parcel; returns the shipment id. */
  public long shipWhole(long orderId, String carrier, String trackingNumber) {
    return database.inTransaction(
        c -> {
          OrderRepository.Order order =
              orders
                  .find(c, orderId)
                  .orElseThrow(() -> new BusinessRuleException("no order " + orderId));
          if (!orders.moveTo(c, orderId, order.status(), OrderStatus.PICKING)) {
            throw new BusinessRuleException(
                "order " + order.number() + " is " + order.status() + "; only PAID orders ship");
          }
          long shipmentId = shipments.create(c, orderId, carrier, warehouseId);
          for (OrderRepository.Line line : orders.lines(c, orderId)) {
            shipments.addItem(c, shipmentId, line.id(), line.quantity());
            stock.ship(c, warehouseId, line.productId(), line.quantity(), order.number());
          }
          shipments.markShipped(c, shipmentId, trackingNumber);
          orders.moveTo(c, orderId, OrderStatus.PICKING, OrderStatus.SHIPPED);
          return shipmentId;
        });
  }

  /** Records delivery of a shipment and completes its order. */
  public void delivered(long shipmentId) {
    database.inTransaction(
        c -> {
          ShipmentRepository.Shipment shipment =
              shipments
                  .find(c, shipmentId)
                  .orElseThrow(() -> new BusinessRuleException("no shipment " + shipmentId));
          shipments.markDelivered(c, shipmentId);
          orders.moveTo(c, shipment.orderId(), OrderStatus.SHIPPED, OrderStatus.DELIVERED);
          return null;
        });
  }
}
