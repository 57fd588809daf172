package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** Warehouses and stock levels; every change of stock is journaled in {@code stock_movement}. */
public final class StockRepository {

  /** On-hand and reserved units of one product in one warehouse. */
  public record Level(long warehouseId, long productId, int onHand, int reserved) {
    public int available() {
      return onHand - reserved;
    }
  }

  public long createWarehouse(Connection c, String code, String name, String country)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO warehouse (warehouse_code, name, country_code) VALUES (?, ?, ?)",
        code,
        name,
        country);
  }

  public Optional<Level> level(Connection c, long warehouseId, long productId) throws SQLException {
    return Jdbc.one(
        c,
        "SELECT warehouse_id, product_id, on_hand, reserved FROM stock_level WHERE warehouse_id = ? AND product_id = ?",
        row -> new Level(row.getLong(1), row.getLong(2), row.getInt(3), row.getInt(4)),
        warehouseId,
        productId);
  }

  /** Books {@code quantity} units in (positive) or out (negative) with a reason. */
  public void adjust(
      Connection c, long warehouseId, long productId, int quantity, String reason, String reference)
      throws SQLException {
    Jdbc.update(
        c,
        "INSERT INTO stock_level (warehouse_id, product_id, on_hand) VALUES (?, ?, ?)"
            + " ON DUPLICATE KEY UPDATE on_hand = on_hand + VALUES(on_hand), updated_at = CURRENT_TIMESTAMP",
        warehouseId,
        productId,
        quantity);
    Jdbc.insert(
        c,
        "INSERT INTO stock_movement (warehouse_id, product_id, quantity_delta, reason, reference) VALUES (?, ?, ?, ?, ?)",
        warehouseId,
        productId,
        quantity,
        reason,
        reference);
  }

  /** Reserves units if available; returns false and changes nothing otherwise. */
  public boolean reserve(Connection c, long warehouseId, long productId, int quantity)
      throws SQLException {
    return Jdbc.update(
            c,
            "UPDATE stock_level SET reserved = reserved + ? WHERE warehouse_id = ? AND product_id = ? AND on_hand - reserved >= ?",
            quantity,
            warehouseId,
            productId,
            quantity)
        == 1;
  }

  /** Turns a reservation into a shipment: both on-hand and reserved go down. */
  public void ship(Connection c, long warehouseId, long productId, int quantity, String reference)
      throws SQLException {
    Jdbc.update(
        c,
        "UPDATE stock_level SET reserved = reserved - ?, on_hand = on_hand - ? WHERE warehouse_id = ? AND product_id = ?",
        quantity,
        quantity,
        warehouseId,
        productId);
    Jdbc.insert(
        c,
        "INSERT INTO stock_movement (warehouse_id, product_id, quantity_delta, reason, reference) VALUES (?, ?, ?, 'SHIPPED', ?)",
        warehouseId,
        productId,
        -quantity,
        reference);
  }

  public void release(Connection c, long warehouseId, long productId, int quantity)
      throws SQLException {
    Jdbc.update(
        c,
        "UPDATE stock_level SET reserved = reserved - ? WHERE warehouse_id = ? AND product_id = ?",
        quantity,
        warehouseId,
        productId);
  }

  public long movements(Connection c, long productId) throws SQLException {
    return Jdbc.count(c, "SELECT COUNT(*) FROM stock_movement WHERE product_id = ?", productId);
  }
}
