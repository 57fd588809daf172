package dev.dbit.sample.integration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.StockRepository;
import dev.dbit.sample.service.CheckoutService;
import dev.dbit.sample.service.CheckoutService.Item;
import dev.dbit.sample.service.FulfilmentService;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A day in the shop: many small orders, each paid and shipped, as a real workload runs. */
@DbIntegrationTest
class BusyDayWorkflowTest {
  private ShopFixture shop;
  private CheckoutService checkout;
  private FulfilmentService fulfilment;

  @BeforeEach
  void openTheShop(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    checkout = new CheckoutService(shop.database, shop.warehouseId);
    fulfilment = new FulfilmentService(shop.database, shop.warehouseId);
  }

  @Test
  void fiveOrdersArePlacedPaidAndShippedInOneDay() {
    for (int i = 0; i < 5; i++) {
      long orderId =
          checkout
              .placeOrder(
                  shop.customerId,
                  List.of(new Item("KET-1", 1), new Item("BOOK-TEA", 1)),
                  Optional.empty(),
                  ShopFixture.TODAY)
              .orderId();
      checkout.pay(orderId, "CARD", true);
      fulfilment.shipWhole(orderId, "DHL", "JD" + i);
    }

    List<OrderRepository.Order> orders =
        shop.database.withConnection(
            (Connection c) -> new OrderRepository().forCustomer(c, shop.customerId));
    assertThat(orders)
        .hasSize(5)
        .allSatisfy(order -> assertThat(order.status()).isEqualTo(OrderStatus.SHIPPED));
    assertThat(
            shop.database
                .withConnection(
                    (Connection c) ->
                        new StockRepository().level(c, shop.warehouseId, shop.teaBook.id()))
                .orElseThrow()
                .onHand())
        .isZero();
  }
}
