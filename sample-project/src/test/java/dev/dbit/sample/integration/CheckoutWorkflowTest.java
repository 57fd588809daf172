package dev.dbit.sample.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.BusinessRuleException;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.Money;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.repository.CouponRepository;
import dev.dbit.sample.repository.LoyaltyRepository;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.StockRepository;
import dev.dbit.sample.service.CheckoutService;
import dev.dbit.sample.service.CheckoutService.Item;
import java.sql.Connection;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class CheckoutWorkflowTest {
  private ShopFixture shop;
  private CheckoutService checkout;
  private final OrderRepository orders = new OrderRepository();
  private final StockRepository stock = new StockRepository();

  @BeforeEach
  void openTheShop(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    checkout = new CheckoutService(shop.database, shop.warehouseId);
  }

  private int available(long productId) {
    return shop.database
        .withConnection((Connection c) -> stock.level(c, shop.warehouseId, productId))
        .orElseThrow()
        .available();
  }

  private CheckoutService.Placed kettleAndBook() {
    return checkout.placeOrder(
        shop.customerId,
        List.of(new Item("KET-1", 2), new Item("BOOK-TEA", 1)),
        Optional.empty(),
        ShopFixture.TODAY);
  }

  @Test
  void placingAnOrderReservesStockAndPricesTheLines() {
    CheckoutService.Placed placed = kettleAndBook();

    assertThat(placed.orderNumber()).isEqualTo("SO-20261129-000001");
    assertThat(placed.totals().total()).isEqualTo(Money.of(9998 + 1500 + 1900 + 105, "EUR"));
    assertThat(available(shop.kettle.id())).isEqualTo(8);
    assertThat(available(shop.teaBook.id())).isEqualTo(4);
    assertThat(shop.database.withConnection((Connection c) -> orders.lines(c, placed.orderId())))
        .hasSize(2);
  }

  @Test
  void orderNumbersCountUpPerDay() {
    kettleAndBook();
    CheckoutService.Placed second = kettleAndBook();
    CheckoutService.Placed nextDay =
        checkout.placeOrder(
            shop.customerId,
            List.of(new Item("BOOK-TEA", 1)),
            Optional.empty(),
            LocalDate.of(2026, 11, 30));

    assertThat(second.orderNumber()).isEqualTo("SO-20261129-000002");
    assertThat(nextDay.orderNumber()).isEqualTo("SO-20261130-000001");
  }

  @Test
  void aCouponTakesItsShareBeforeTax() {
    shop.database.withConnection(
        (Connection c) ->
            new CouponRepository().create(c, "TEN", 1000, 5, LocalDate.of(2026, 12, 31)));

    CheckoutService.Placed placed =
        checkout.placeOrder(
            shop.customerId, List.of(new Item("KET-1", 2)), Optional.of("TEN"), ShopFixture.TODAY);

    assertThat(placed.totals().discount()).isEqualTo(Money.of(1000, "EUR"));
    assertThat(
            shop.database
                .withConnection((Connection c) -> new CouponRepository().findByCode(c, "TEN"))
                .orElseThrow()
                .redemptions())
        .isEqualTo(1);
  }

  @Test
  void notEnoughStockWritesNothingAtAll() {
    assertThatThrownBy(
            () ->
                checkout.placeOrder(
                    shop.customerId,
                    List.of(new Item("KET-1", 1), new Item("BOOK-TEA", 6)),
                    Optional.empty(),
                    ShopFixture.TODAY))
        .isInstanceOf(BusinessRuleException.class)
        .hasMessage("not enough stock of BOOK-TEA for 6");

    assertThat(available(shop.kettle.id())).isEqualTo(10);
    assertThat(
            shop.database.withConnection((Connection c) -> orders.forCustomer(c, shop.customerId)))
        .isEmpty();
  }

  @Test
  void unknownProductsAreRefused() {
    assertThatThrownBy(
            () ->
                checkout.placeOrder(
                    shop.customerId,
                    List.of(new Item("NOPE", 1)),
                    Optional.empty(),
                    ShopFixture.TODAY))
        .hasMessage("unknown or inactive product NOPE");
  }

  @Test
  void expiredCouponIsRefused() {
    shop.database.withConnection(
        (Connection c) ->
            new CouponRepository().create(c, "OLD", 1000, 5, LocalDate.of(2026, 1, 1)));

    assertThatThrownBy(
            () ->
                checkout.placeOrder(
                    shop.customerId,
                    List.of(new Item("KET-1", 1)),
                    Optional.of("OLD"),
                    ShopFixture.TODAY))
        .hasMessage("coupon OLD is expired or used up");
  }

  @Test
  void paymentMovesTheOrderToPaidAndEarnsPoints() {
    CheckoutService.Placed placed = kettleAndBook();

    checkout.pay(placed.orderId(), "CARD", true);

    assertThat(
            shop.database
                .withConnection((Connection c) -> orders.find(c, placed.orderId()))
                .orElseThrow()
                .status())
        .isEqualTo(OrderStatus.PAID);
    assertThat(
            shop.database.withConnection(
                (Connection c) -> new LoyaltyRepository().balance(c, shop.customerId)))
        .isEqualTo(135);
  }

  @Test
  void aDeclinedPaymentLeavesTheOrderNew() {
    CheckoutService.Placed placed = kettleAndBook();

    checkout.pay(placed.orderId(), "CARD", false);

    assertThat(
            shop.database
                .withConnection((Connection c) -> orders.find(c, placed.orderId()))
                .orElseThrow()
                .status())
        .isEqualTo(OrderStatus.NEW);
    assertThat(shop.database.withConnection((Connection c) -> orders.history(c, placed.orderId())))
        .isEmpty();
  }

  @Test
  void cancellingReleasesTheReservedStock() {
    CheckoutService.Placed placed = kettleAndBook();

    checkout.cancel(placed.orderId());

    assertThat(available(shop.kettle.id())).isEqualTo(10);
    assertThat(shop.database.withConnection((Connection c) -> orders.history(c, placed.orderId())))
        .containsExactly(new OrderRepository.StatusChange("NEW", "CANCELLED"));
  }
}
