package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** Return requests, their items and the refund decision. */
public final class ReturnRepository {

  /** A return request row. */
  public record ReturnRequest(long id, long orderId, String reasonCode, String status) {}

  public long request(Connection c, long orderId, long customerId, String reasonCode)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO return_request (order_id, customer_id, reason_code) VALUES (?, ?, ?)",
        orderId,
        customerId,
        reasonCode);
  }

  public void addItem(Connection c, long returnId, long orderLineId, int quantity)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO return_item (return_id, order_line_id, quantity) VALUES (?, ?, ?)",
        returnId,
        orderLineId,
        quantity);
  }

  public void decide(
      Connection c, long returnId, boolean approved, long amountCents, String decidedBy)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO refund_decision (return_id, approved, amount_cents, decided_by) VALUES (?, ?, ?, ?)",
        returnId,
        approved,
        amountCents,
        decidedBy);
    Jdbc.update(
        c,
        "UPDATE return_request SET status = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ?",
        approved ? "APPROVED" : "REJECTED",
        returnId);
  }

  public Optional<ReturnRequest> find(Connection c, long id) throws SQLException {
    return Jdbc.one(
        c,
        "SELECT id, order_id, reason_code, status FROM return_request WHERE id = ?",
        row ->
            new ReturnRequest(row.getLong(1), row.getLong(2), row.getString(3), row.getString(4)),
        id);
  }

  public boolean restocks(Connection c, String reasonCode) throws SQLException {
    return Jdbc.one(
            c,
            "SELECT restock FROM return_reason WHERE code = ?",
            row -> row.getBoolean(1),
            reasonCode)
        .orElse(false);
  }

  public long returnedQuantity(Connection c, long orderLineId) throws SQLException {
    return Jdbc.count(
        c,
        "SELECT COALESCE(SUM(quantity), 0) FROM return_item WHERE order_line_id = ?",
        orderLineId);
  }
}
