package dev.dbit.sample.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.repository.InvoiceRepository;
import dev.dbit.sample.service.CheckoutService;
import dev.dbit.sample.service.CheckoutService.Item;
import dev.dbit.sample.service.InvoiceService;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class InvoicingWorkflowTest {
  private ShopFixture shop;
  private CheckoutService checkout;
  private InvoiceService invoicing;
  private final InvoiceRepository invoices = new InvoiceRepository();

  @BeforeEach
  void openTheShop(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    checkout = new CheckoutService(shop.database, shop.warehouseId);
    invoicing = new InvoiceService(shop.database);
  }

  private long paidOrder(List<Item> items) {
    long orderId =
        checkout.placeOrder(shop.customerId, items, Optional.empty(), ShopFixture.TODAY).orderId();
    checkout.pay(orderId, "INVOICE", true);
    return orderId;
  }

  @Test
  void invoiceMatchesTheOrderTotals() {
    long orderId = paidOrder(List.of(new Item("KET-1", 1)));

    long invoiceId = invoicing.issue(orderId, ShopFixture.TODAY);

    InvoiceRepository.Invoice invoice =
        shop.database.withConnection((Connection c) -> invoices.forOrder(c, orderId)).orElseThrow();
    assertThat(invoice.number()).isEqualTo("INV-20261129-000001");
    assertThat(invoice.totalCents()).isEqualTo(4999 + 950);
    assertThat(shop.database.withConnection((Connection c) -> invoices.lineTotal(c, invoiceId)))
        .isEqualTo(invoice.netCents());
  }

  @Test
  void taxIsSplitPerRateAndAddsUp() {
    long orderId = paidOrder(List.of(new Item("KET-1", 1), new Item("BOOK-TEA", 2)));

    long invoiceId = invoicing.issue(orderId, ShopFixture.TODAY);

    InvoiceRepository.Invoice invoice =
        shop.database.withConnection((Connection c) -> invoices.forOrder(c, orderId)).orElseThrow();
    assertThat(shop.database.withConnection((Connection c) -> invoices.taxTotal(c, invoiceId)))
        .isEqualTo(invoice.taxCents());
    assertThat(shop.database.withConnection((Connection c) -> invoices.taxRates(c, invoiceId)))
        .containsExactly("DE_RED", "DE_STD");
  }

  @Test
  void anOrderIsInvoicedOnce() {
    long orderId = paidOrder(List.of(new Item("BOOK-TEA", 1)));
    invoicing.issue(orderId, ShopFixture.TODAY);

    assertThatThrownBy(() -> invoicing.issue(orderId, ShopFixture.TODAY))
        .hasMessage("order SO-20261129-000001 is already invoiced");
  }

  @Test
  void unpaidOrdersAreNotInvoiced() {
    long orderId =
        checkout
            .placeOrder(
                shop.customerId,
                List.of(new Item("BOOK-TEA", 1)),
                Optional.empty(),
                ShopFixture.TODAY)
            .orderId();

    assertThatThrownBy(() -> invoicing.issue(orderId, ShopFixture.TODAY))
        .hasMessage("order SO-20261129-000001 is NEW; invoice paid orders only");
  }
}
