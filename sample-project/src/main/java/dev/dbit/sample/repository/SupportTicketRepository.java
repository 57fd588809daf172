package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Support tickets and their conversation. */
public final class SupportTicketRepository {

  /** A ticket row. */
  public record Ticket(
      long id, long customerId, Long orderId, String priority, String subject, String status) {}

  public long open(Connection c, long customerId, Long orderId, String priority, String subject)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO support_ticket (customer_id, order_id, priority_code, subject) VALUES (?, ?, ?, ?)",
        customerId,
        orderId,
        priority,
        subject);
  }

  public void post(Connection c, long ticketId, String authorKind, String body)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO ticket_message (ticket_id, author_kind, body) VALUES (?, ?, ?)",
        ticketId,
        authorKind,
        body);
  }

  public boolean close(Connection c, long ticketId) throws SQLException {
    return Jdbc.update(
            c,
            "UPDATE support_ticket SET status = 'CLOSED', closed_at = CURRENT_TIMESTAMP WHERE id = ? AND status <> 'CLOSED'",
            ticketId)
        == 1;
  }

  public Optional<Ticket> find(Connection c, long id) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE id = ?", SupportTicketRepository::ticket, id);
  }

  /** Open tickets, most urgent first (by the priority's response time), then oldest first. */
  public List<Ticket> openQueue(Connection c) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT t.id, t.customer_id, t.order_id, t.priority_code, t.subject, t.status FROM support_ticket t"
            + " JOIN ticket_priority p ON p.code = t.priority_code WHERE t.status = 'OPEN' ORDER BY p.response_hours, t.id",
        SupportTicketRepository::ticket);
  }

  public List<String> messages(Connection c, long ticketId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT body FROM ticket_message WHERE ticket_id = ? ORDER BY id",
        row -> row.getString(1),
        ticketId);
  }

  private static final String SELECT =
      "SELECT id, customer_id, order_id, priority_code, subject, status FROM support_ticket";

  private static Ticket ticket(java.sql.ResultSet row) throws SQLException {
    long order = row.getLong(3);
    return new Ticket(
        row.getLong(1),
        row.getLong(2),
        row.wasNull() ? null : order,
        row.getString(4),
        row.getString(5),
        row.getString(6));
  }
}
