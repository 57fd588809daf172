package dev.dbit.sample.service;

import dev.dbit.sample.BusinessRuleException;
import dev.dbit.sample.Database;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.SupportTicketRepository;

/** The support desk: customers open tickets, agents answer and close them. */
public final class SupportService {
  private final Database database;
  private final SupportTicketRepository tickets = new SupportTicketRepository();
  private final OrderRepository orders = new OrderRepository();

  public SupportService(Database database) {
    this.database = database;
  }

  /** Opens a ticket about an order; complaints about orders in trouble get HIGH priority. */
  public long complainAboutOrder(long customerId, long orderId, String subject, String body) {
    return database.inTransaction(
        c -> {
          OrderRepository.Order order =
              orders
                  .find(c, orderId)
                  .filter(o -> o.customerId() == customerId)
                  .orElseThrow(
                      () ->
                          new BusinessRuleException(
                              "customer " + customerId + " has no order " + orderId));
          String priority = order.status().isFinal() ? "NORMAL" : "HIGH";
          long ticketId = tickets.open(c, customerId, orderId, priority, subject);
          tickets.post(c, ticketId, "CUSTOMER", body);
          return ticketId;
        });
  }

  public void answer(long ticketId, String body, boolean resolves) {
    database.inTransaction(
        c -> {
          SupportTicketRepository.Ticket ticket =
              tickets
                  .find(c, ticketId)
                  .orElseThrow(() -> new BusinessRuleException("no ticket " + ticketId));
          if (ticket.status().equals("CLOSED")) {
            throw new BusinessRuleException("ticket " + ticketId + " is closed");
          }
          tickets.post(c, ticketId, "AGENT", body);
          if (resolves) {
            tickets.close(c, ticketId);
          }
          return null;
        });
  }
}
