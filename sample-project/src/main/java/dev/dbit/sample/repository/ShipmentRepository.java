package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Shipments, what is in them and where they are. */
public final class ShipmentRepository {

  /** A shipment row. */
  public record Shipment(
      long id,
      long orderId,
      String carrier,
      long warehouseId,
      String trackingNumber,
      String status) {}

  public long create(Connection c, long orderId, String carrier, long warehouseId)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO shipment (order_id, carrier_code, warehouse_id) VALUES (?, ?, ?)",
        orderId,
        carrier,
        warehouseId);
  }

  public void addItem(Connection c, long shipmentId, long orderLineId, int quantity)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO shipment_item (shipment_id, order_line_id, quantity) VALUES (?, ?, ?)",
        shipmentId,
        orderLineId,
        quantity);
  }

  public void markShipped(Connection c, long shipmentId, String trackingNumber)
      throws SQLException {
    Jdbc.update(
        c,
        "UPDATE shipment SET status = 'SHIPPED', tracking_number = ?, shipped_at = CURRENT_TIMESTAMP WHERE id = ?",
        trackingNumber,
        shipmentId);
    track(c, shipmentId, "HANDED_TO_CARRIER", null);
  }

  public void markDelivered(Connection c, long shipmentId) throws SQLException {
    Jdbc.update(
        c,
        "UPDATE shipment SET status = 'DELIVERED', delivered_at = CURRENT_TIMESTAMP WHERE id = ?",
        shipmentId);
    track(c, shipmentId, "DELIVERED", null);
  }

  public void track(Connection c, long shipmentId, String event, String location)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO tracking_event (shipment_id, event_code, location) VALUES (?, ?, ?)",
        shipmentId,
        event,
        location);
  }

  public Optional<Shipment> find(Connection c, long id) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE id = ?", row -> shipment(row), id);
  }

  public List<Shipment> forOrder(Connection c, long orderId) throws SQLException {
    return Jdbc.list(c, SELECT + " WHERE order_id = ? ORDER BY id", row -> shipment(row), orderId);
  }

  public List<String> trackingEvents(Connection c, long shipmentId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT event_code FROM tracking_event WHERE shipment_id = ? ORDER BY id",
        row -> row.getString(1),
        shipmentId);
  }

  public long shippedQuantity(Connection c, long orderLineId) throws SQLException {
    return Jdbc.count(
        c,
        "SELECT COALESCE(SUM(quantity), 0) FROM shipment_item WHERE order_line_id = ?",
        orderLineId);
  }

  private static final String SELECT =
      "SELECT id, order_id, carrier_code, warehouse_id, tracking_number, status FROM shipment";

  private static Shipment shipment(java.sql.ResultSet row) throws SQLException {
    return new Shipment(
        row.getLong(1),
        row.getLong(2),
        row.getString(3),
        row.getLong(4),
        row.getString(5),
        row.getString(6));
  }
}
