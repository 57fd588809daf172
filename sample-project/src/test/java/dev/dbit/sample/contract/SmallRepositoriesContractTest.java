package dev.dbit.sample.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.DataAccessException;
import dev.dbit.sample.Database;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.OrderTotals;
import dev.dbit.sample.repository.CouponRepository;
import dev.dbit.sample.repository.InvoiceRepository;
import dev.dbit.sample.repository.LoyaltyRepository;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.ShipmentRepository;
import dev.dbit.sample.repository.SupportTicketRepository;
import java.sql.Connection;
import java.time.LocalDate;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Contracts of the smaller repositories, one nested class each. */
@DbIntegrationTest
class SmallRepositoriesContractTest {
  ShopFixture shop;
  Database db;
  long orderId;

  @BeforeEach
  void placeAnOrder(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    db = shop.database;
    orderId =
        db.withConnection(
            (Connection c) ->
                new OrderRepository()
                    .create(
                        c,
                        "SO-20261129-000001",
                        shop.customerId,
                        OrderTotals.of(List.of(), 0, "EUR")));
  }

  @Nested
  class Coupons {
    private final CouponRepository coupons = new CouponRepository();

    @Test
    void countsRedemptionsAndExpires() {
      long id =
          db.withConnection(
              (Connection c) ->
                  coupons.create(c, "WELCOME10", 1000, 1, LocalDate.of(2026, 12, 31)));
      assertThat(
              db.withConnection((Connection c) -> coupons.findByCode(c, "WELCOME10"))
                  .orElseThrow()
                  .usableOn(ShopFixture.TODAY))
          .isTrue();

      db.withConnection(
          (Connection c) -> {
            coupons.redeem(c, id, orderId, shop.customerId);
            return null;
          });

      CouponRepository.Coupon used =
          db.withConnection((Connection c) -> coupons.findByCode(c, "WELCOME10")).orElseThrow();
      assertThat(used.redemptions()).isEqualTo(1);
      assertThat(used.usableOn(ShopFixture.TODAY)).isFalse();
    }

    @Test
    void oneRedemptionPerOrder() {
      long id =
          db.withConnection(
              (Connection c) -> coupons.create(c, "TWICE", 500, 10, LocalDate.of(2026, 12, 31)));
      db.withConnection(
          (Connection c) -> {
            coupons.redeem(c, id, orderId, shop.customerId);
            return null;
          });

      assertThatThrownBy(
              () ->
                  db.withConnection(
                      (Connection c) -> {
                        coupons.redeem(c, id, orderId, shop.customerId);
                        return null;
                      }))
          .isInstanceOf(DataAccessException.class);
    }

    @Test
    void expiredCouponsAreNotUsable() {
      db.withConnection(
          (Connection c) -> coupons.create(c, "OLD", 500, 10, LocalDate.of(2026, 1, 31)));

      assertThat(
              db.withConnection((Connection c) -> coupons.findByCode(c, "OLD"))
                  .orElseThrow()
                  .usableOn(ShopFixture.TODAY))
          .isFalse();
    }
  }

  @Nested
  class Loyalty {
    private final LoyaltyRepository loyalty = new LoyaltyRepository();

    @Test
    void booksPointsWithAJournal() {
      db.withConnection(
          (Connection c) -> loyalty.book(c, shop.customerId, 120, "ORDER_PAID", orderId));
      db.withConnection((Connection c) -> loyalty.book(c, shop.customerId, -20, "REDEEMED", null));

      assertThat(db.withConnection((Connection c) -> loyalty.balance(c, shop.customerId)))
          .isEqualTo(100);
      assertThat(db.withConnection((Connection c) -> loyalty.transactions(c, shop.customerId)))
          .isEqualTo(2);
    }

    @Test
    void neverGoesBelowZero() {
      assertThat(
              db.withConnection(
                  (Connection c) -> loyalty.book(c, shop.customerId, -1, "REDEEMED", null)))
          .isFalse();
      assertThat(db.withConnection((Connection c) -> loyalty.transactions(c, shop.customerId)))
          .isZero();
    }
  }

  @Nested
  class Tickets {
    private final SupportTicketRepository tickets = new SupportTicketRepository();

    @Test
    void queueServesUrgentTicketsFirst() {
      long low =
          db.withConnection(
              (Connection c) -> tickets.open(c, shop.customerId, null, "LOW", "Question"));
      long urgent =
          db.withConnection(
              (Connection c) ->
                  tickets.open(c, shop.customerId, orderId, "URGENT", "Charged twice"));
      long normal =
          db.withConnection(
              (Connection c) -> tickets.open(c, shop.customerId, null, "NORMAL", "Where is it"));

      assertThat(db.withConnection(tickets::openQueue))
          .extracting(SupportTicketRepository.Ticket::id)
          .containsExactly(urgent, normal, low);
    }

    @Test
    void closesOnlyOnce() {
      long id =
          db.withConnection(
              (Connection c) -> tickets.open(c, shop.customerId, null, "LOW", "Question"));

      assertThat(db.withConnection((Connection c) -> tickets.close(c, id))).isTrue();
      assertThat(db.withConnection((Connection c) -> tickets.close(c, id))).isFalse();
      assertThat(db.withConnection(tickets::openQueue)).isEmpty();
    }
  }

  @Nested
  class Shipments {
    private final ShipmentRepository shipments = new ShipmentRepository();

    @Test
    void tracksEventsInOrder() {
      long id =
          db.withConnection(
              (Connection c) -> shipments.create(c, orderId, "DHL", shop.warehouseId));
      db.withConnection(
          c -> {
            shipments.markShipped(c, id, "JD0001");
            shipments.track(c, id, "IN_TRANSIT", "Leipzig");
            shipments.markDelivered(c, id);
            return null;
          });

      assertThat(db.withConnection((Connection c) -> shipments.trackingEvents(c, id)))
          .containsExactly("HANDED_TO_CARRIER", "IN_TRANSIT", "DELIVERED");
      assertThat(db.withConnection((Connection c) -> shipments.find(c, id)).orElseThrow().status())
          .isEqualTo("DELIVERED");
    }

    @Test
    void unknownCarrierIsRefused() {
      assertThatThrownBy(
              () ->
                  db.withConnection(
                      (Connection c) -> shipments.create(c, orderId, "PIGEON", shop.warehouseId)))
          .isInstanceOf(DataAccessException.class)
          .hasMessageContaining("foreign key constraint fails");
    }
  }

  @Nested
  class Invoices {
    private final InvoiceRepository invoices = new InvoiceRepository();

    @Test
    void invoiceNumbersAreUnique() {
      db.withConnection(
          (Connection c) ->
              invoices.create(
                  c, "INV-1", orderId, shop.customerId, 100, 19, LocalDate.of(2026, 12, 13)));

      assertThatThrownBy(
              () ->
                  db.withConnection(
                      (Connection c) ->
                          invoices.create(
                              c,
                              "INV-1",
                              orderId,
                              shop.customerId,
                              1,
                              0,
                              LocalDate.of(2026, 12, 13))))
          .isInstanceOf(DataAccessException.class)
          .hasMessageContaining("Duplicate entry");
    }

    @Test
    void markingPaidTwiceKeepsTheFirstPayment() {
      long id =
          db.withConnection(
              (Connection c) ->
                  invoices.create(
                      c, "INV-2", orderId, shop.customerId, 100, 19, LocalDate.of(2026, 12, 13)));
      db.withConnection(
          (Connection c) -> {
            invoices.markPaid(c, id);
            invoices.markPaid(c, id);
            return null;
          });

      assertThat(
              db.withConnection((Connection c) -> invoices.forOrder(c, orderId))
                  .orElseThrow()
                  .paid())
          .isTrue();
    }
  }
}
