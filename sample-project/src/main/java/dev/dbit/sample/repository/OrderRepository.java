package dev.dbit.sample.repository;

import dev.dbit.sample.model.Money;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.model.OrderTotals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Sales orders, their lines and their status history (written by a trigger). */
public final class OrderRepository {

  /** An order header. */
  public record Order(
      long id, String number, long customerId, OrderStatus status, OrderTotals totals) {}

  /** An order line. */
  public record Line(
      long id,
      long orderId,
      long productId,
      int quantity,
      long unitPriceCents,
      long lineTotalCents) {}

  /** One recorded status change. */
  public record StatusChange(String from, String to) {}

  public long create(Connection c, String number, long customerId, OrderTotals totals)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO sales_order (order_number, customer_id, status_code, currency_code, subtotal_cents, discount_cents, tax_cents, total_cents)"
            + " VALUES (?, ?, 'NEW', ?, ?, ?, ?, ?)",
        number,
        customerId,
        totals.total().currency(),
        totals.subtotal().cents(),
        totals.discount().cents(),
        totals.tax().cents(),
        totals.total().cents());
  }

  public long addLine(Connection c, long orderId, long productId, int quantity, long unitPriceCents)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO sales_order_line (order_id, product_id, quantity, unit_price_cents, line_total_cents) VALUES (?, ?, ?, ?, ?)",
        orderId,
        productId,
        quantity,
        unitPriceCents,
        unitPriceCents * quantity);
  }

  public Optional<Order> find(Connection c, long id) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE id = ?", OrderRepository::order, id);
  }

  public Optional<Order> findByNumber(Connection c, String number) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE order_number = ?", OrderRepository::order, number);
  }

  public List<Order> forCustomer(Connection c, long customerId) throws SQLException {
    return Jdbc.list(
        c, SELECT + " WHERE customer_id = ? ORDER BY id", OrderRepository::order, customerId);
  }

  public List<Line> lines(Connection c, long orderId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT id, order_id, product_id, quantity, unit_price_cents, line_total_cents FROM sales_order_line WHERE order_id = ? ORDER BY id",
        row ->
            new Line(
                row.getLong(1),
                row.getLong(2),
                row.getLong(3),
                row.getInt(4),
                row.getLong(5),
                row.getLong(6)),
        orderId);
  }

  /** Moves an order on if its current status allows it; returns false when it does not. */
  public boolean moveTo(Connection c, long orderId, OrderStatus from, OrderStatus to)
      throws SQLException {
    if (!from.canMoveTo(to)) {
      return false;
    }
    return Jdbc.update(
            c,
            "UPDATE sales_order SET status_code = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ? AND status_code = ?",
            to.name(),
            orderId,
            from.name())
        == 1;
  }

  public List<StatusChange> history(Connection c, long orderId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT from_status, to_status FROM order_status_history WHERE order_id = ? ORDER BY id",
        row -> new StatusChange(row.getString(1), row.getString(2)),
        orderId);
  }

  /** Next free daily sequence for order numbers starting with {@code prefix}. */
  public long nextSequence(Connection c, String prefix) throws SQLException {
    return Jdbc.count(c, "SELECT COUNT(*) FROM sales_order WHERE order_number LIKE ?", prefix + "%")
        + 1;
  }

  public void addNote(Connection c, long orderId, String body, boolean internal)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO order_note (order_id, body, is_internal) VALUES (?, ?, ?)",
        orderId,
        body,
        internal);
  }

  public long summaryLineCount(Connection c, long orderId) throws SQLException {
    return Jdbc.count(c, "SELECT line_count FROM v_order_summary WHERE order_id = ?", orderId);
  }

  private static final String SELECT =
      "SELECT id, order_number, customer_id, status_code, currency_code, subtotal_cents, discount_cents, tax_cents, total_cents FROM sales_order";

  private static Order order(ResultSet row) throws SQLException {
    String currency = row.getString(5);
    return new Order(
        row.getLong(1),
        row.getString(2),
        row.getLong(3),
        OrderStatus.valueOf(row.getString(4)),
        new OrderTotals(
            Money.of(row.getLong(6), currency), Money.of(row.getLong(7), currency),
            Money.of(row.getLong(8), currency), Money.of(row.getLong(9), currency)));
  }
}
