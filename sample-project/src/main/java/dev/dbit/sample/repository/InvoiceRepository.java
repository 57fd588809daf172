package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.Date;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Optional;

/** Customer invoices with lines and tax lines. */
public final class InvoiceRepository {

  /** An invoice header. */
  public record Invoice(
      long id,
      String number,
      long orderId,
      long netCents,
      long taxCents,
      long totalCents,
      boolean paid) {}

  public long create(
      Connection c,
      String number,
      long orderId,
      long customerId,
      long net,
      long tax,
      LocalDate dueDate)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO invoice (invoice_number, order_id, customer_id, net_cents, tax_cents, total_cents, due_date) VALUES (?, ?, ?, ?, ?, ?, ?)",
        number,
        orderId,
        customerId,
        net,
        tax,
        net + tax,
        Date.valueOf(dueDate));
  }

  public void addLine(
      Connection c,
      long invoiceId,
      String description,
      int quantity,
      long unitPriceCents,
      String taxRateCode)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO invoice_line (invoice_id, description, quantity, unit_price_cents, tax_rate_code, line_total_cents) VALUES (?, ?, ?, ?, ?, ?)",
        invoiceId,
        description,
        quantity,
        unitPriceCents,
        taxRateCode,
        unitPriceCents * quantity);
  }

  public void addTaxLine(Connection c, long invoiceId, String taxRateCode, long base, long tax)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO tax_line (invoice_id, tax_rate_code, base_cents, tax_cents) VALUES (?, ?, ?, ?)",
        invoiceId,
        taxRateCode,
        base,
        tax);
  }

  public void markPaid(Connection c, long invoiceId) throws SQLException {
    Jdbc.update(
        c,
        "UPDATE invoice SET paid_at = CURRENT_TIMESTAMP WHERE id = ? AND paid_at IS NULL",
        invoiceId);
  }

  public Optional<Invoice> forOrder(Connection c, long orderId) throws SQLException {
    return Jdbc.one(
        c,
        "SELECT id, invoice_number, order_id, net_cents, tax_cents, total_cents, paid_at IS NOT NULL FROM invoice WHERE order_id = ?",
        row ->
            new Invoice(
                row.getLong(1),
                row.getString(2),
                row.getLong(3),
                row.getLong(4),
                row.getLong(5),
                row.getLong(6),
                row.getBoolean(7)),
        orderId);
  }

  public long lineTotal(Connection c, long invoiceId) throws SQLException {
    return Jdbc.count(
        c,
        "SELECT COALESCE(SUM(line_total_cents), 0) FROM invoice_line WHERE invoice_id = ?",
        invoiceId);
  }

  public long taxTotal(Connection c, long invoiceId) throws SQLException {
    return Jdbc.count(
        c, "SELECT COALESCE(SUM(tax_cents), 0) FROM tax_line WHERE invoice_id = ?", invoiceId);
  }

  public java.util.List<String> taxRates(Connection c, long invoiceId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT tax_rate_code FROM tax_line WHERE invoice_id = ? ORDER BY tax_rate_code",
        row -> row.getString(1),
        invoiceId);
  }

  public long creditNote(Connection c, long invoiceId, String number, long totalCents)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO credit_note (invoice_id, note_number, total_cents) VALUES (?, ?, ?)",
        invoiceId,
        number,
        totalCents);
  }
}
