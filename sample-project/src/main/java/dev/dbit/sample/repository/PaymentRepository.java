package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Payments, attempts and refunds (refunds are audited by a trigger). */
public final class PaymentRepository {

  /** A payment row. */
  public record Payment(long id, long orderId, String method, long amountCents, String status) {}

  public long create(Connection c, long orderId, String method, long amountCents)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO payment (order_id, method_code, amount_cents) VALUES (?, ?, ?)",
        orderId,
        method,
        amountCents);
  }

  public void recordAttempt(Connection c, long paymentId, boolean succeeded, String errorCode)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO payment_attempt (payment_id, succeeded, error_code) VALUES (?, ?, ?)",
        paymentId,
        succeeded,
        errorCode);
    if (succeeded) {
      Jdbc.update(
          c,
          "UPDATE payment SET status = 'CAPTURED', provider_reference = CONCAT('ref-', id) WHERE id = ?",
          paymentId);
    }
  }

  public Optional<Payment> find(Connection c, long id) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE id = ?", PaymentRepository::payment, id);
  }

  public List<Payment> forOrder(Connection c, long orderId) throws SQLException {
    return Jdbc.list(
        c, SELECT + " WHERE order_id = ? ORDER BY id", PaymentRepository::payment, orderId);
  }

  public long attempts(Connection c, long paymentId) throws SQLException {
    return Jdbc.count(c, "SELECT COUNT(*) FROM payment_attempt WHERE payment_id = ?", paymentId);
  }

  public long refund(Connection c, long paymentId, long amountCents, String reasonCode)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO payment_refund (payment_id, amount_cents, reason_code) VALUES (?, ?, ?)",
        paymentId,
        amountCents,
        reasonCode);
  }

  public long refundedCents(Connection c, long paymentId) throws SQLException {
    return Jdbc.count(
        c,
        "SELECT COALESCE(SUM(amount_cents), 0) FROM payment_refund WHERE payment_id = ?",
        paymentId);
  }

  private static final String SELECT =
      "SELECT id, order_id, method_code, amount_cents, status FROM payment";

  private static Payment payment(java.sql.ResultSet row) throws SQLException {
    return new Payment(
        row.getLong(1), row.getLong(2), row.getString(3), row.getLong(4), row.getString(5));
  }
}
