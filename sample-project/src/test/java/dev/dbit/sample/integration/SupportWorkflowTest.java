package dev.dbit.sample.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.repository.SupportTicketRepository;
import dev.dbit.sample.service.CheckoutService;
import dev.dbit.sample.service.CheckoutService.Item;
import dev.dbit.sample.service.SupportService;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class SupportWorkflowTest {
  private ShopFixture shop;
  private SupportService support;
  private long orderId;
  private final SupportTicketRepository tickets = new SupportTicketRepository();

  @BeforeEach
  void placeAnOrder(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    support = new SupportService(shop.database);
    orderId =
        new CheckoutService(shop.database, shop.warehouseId)
            .placeOrder(
                shop.customerId, List.of(new Item("KET-1", 1)), Optional.empty(), ShopFixture.TODAY)
            .orderId();
  }

  @Test
  void complaintsAboutOpenOrdersAreUrgent() {
    long ticketId =
        support.complainAboutOrder(shop.customerId, orderId, "Not arrived", "Where is my kettle?");

    SupportTicketRepository.Ticket ticket =
        shop.database.withConnection((Connection c) -> tickets.find(c, ticketId)).orElseThrow();
    assertThat(ticket.priority()).isEqualTo("HIGH");
    assertThat(ticket.orderId()).isEqualTo(orderId);
  }

  @Test
  void anAnswerThatResolvesClosesTheTicket() {
    long ticketId =
        support.complainAboutOrder(shop.customerId, orderId, "Not arrived", "Where is my kettle?");

    support.answer(ticketId, "It ships tomorrow.", true);

    assertThat(shop.database.withConnection((Connection c) -> tickets.messages(c, ticketId)))
        .containsExactly("Where is my kettle?", "It ships tomorrow.");
    assertThat(
            shop.database
                .withConnection((Connection c) -> tickets.find(c, ticketId))
                .orElseThrow()
                .status())
        .isEqualTo("CLOSED");
  }

  @Test
  void closedTicketsTakeNoMoreAnswers() {
    long ticketId =
        support.complainAboutOrder(shop.customerId, orderId, "Not arrived", "Where is my kettle?");
    support.answer(ticketId, "Done.", true);

    assertThatThrownBy(() -> support.answer(ticketId, "Again?", false))
        .hasMessage("ticket " + ticketId + " is closed");
  }

  @Test
  void customersCannotComplainAboutOthersOrders() {
    assertThatThrownBy(() -> support.complainAboutOrder(shop.customerId + 1, orderId, "x", "y"))
        .hasMessage("customer " + (shop.customerId + 1) + " has no order " + orderId);
  }
}
