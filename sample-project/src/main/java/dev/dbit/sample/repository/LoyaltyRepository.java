package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.SQLException;

/** Loyalty accounts: a balance and a journal of point changes. */
public final class LoyaltyRepository {

  public long openAccount(Connection c, long customerId) throws SQLException {
    return Jdbc.insert(c, "INSERT INTO loyalty_account (customer_id) VALUES (?)", customerId);
  }

  /** Adds (or with a negative delta, spends) points; refuses to go below zero. */
  public boolean book(Connection c, long customerId, int delta, String reason, Long orderId)
      throws SQLException {
    int changed =
        Jdbc.update(
            c,
            "UPDATE loyalty_account SET points_balance = points_balance + ? WHERE customer_id = ? AND points_balance + ? >= 0",
            delta,
            customerId,
            delta);
    if (changed == 0) {
      return false;
    }
    Jdbc.insert(
        c,
        "INSERT INTO loyalty_transaction (account_id, order_id, points_delta, reason) SELECT id, ?, ?, ? FROM loyalty_account WHERE customer_id = ?",
        orderId,
        delta,
        reason,
        customerId);
    return true;
  }

  public int balance(Connection c, long customerId) throws SQLException {
    return (int)
        Jdbc.count(
            c, "SELECT points_balance FROM loyalty_account WHERE customer_id = ?", customerId);
  }

  public long transactions(Connection c, long customerId) throws SQLException {
    return Jdbc.count(
        c,
        "SELECT COUNT(*) FROM loyalty_transaction t JOIN loyalty_account a ON a.id = t.account_id WHERE a.customer_id = ?",
        customerId);
  }
}
