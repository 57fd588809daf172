package dev.dbit.sample.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.ShipmentRepository;
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

@DbIntegrationTest
class FulfilmentWorkflowTest {
  private ShopFixture shop;
  private CheckoutService checkout;
  private FulfilmentService fulfilment;
  private final OrderRepository orders = new OrderRepository();

  @BeforeEach
  void openTheShop(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    checkout = new CheckoutService(shop.database, shop.warehouseId);
    fulfilment = new FulfilmentService(shop.database, shop.warehouseId);
  }

  private long paidOrder() {
    long orderId =
        checkout
            .placeOrder(
                shop.customerId, List.of(new Item("KET-1", 3)), Optional.empty(), ShopFixture.TODAY)
            .orderId();
    checkout.pay(orderId, "PAYPAL", true);
    return orderId;
  }

  @Test
  void shippingAPaidOrderTakesStockAndTracksTheParcel() {
    long orderId = paidOrder();

    long shipmentId = fulfilment.shipWhole(orderId, "DHL", "JD0002");

    StockRepository.Level level =
        shop.database
            .withConnection(
                (Connection c) ->
                    new StockRepository().level(c, shop.warehouseId, shop.kettle.id()))
            .orElseThrow();
    assertThat(level.onHand()).isEqualTo(7);
    assertThat(level.reserved()).isZero();
    assertThat(
            shop.database
                .withConnection((Connection c) -> new ShipmentRepository().find(c, shipmentId))
                .orElseThrow()
                .trackingNumber())
        .isEqualTo("JD0002");
    assertThat(shop.database.withConnection((Connection c) -> orders.history(c, orderId)))
        .extracting(OrderRepository.StatusChange::to)
        .containsExactly("PAID", "PICKING", "SHIPPED");
  }

  @Test
  void unpaidOrdersDoNotShip() {
    long orderId =
        checkout
            .placeOrder(
                shop.customerId, List.of(new Item("KET-1", 1)), Optional.empty(), ShopFixture.TODAY)
            .orderId();

    assertThatThrownBy(() -> fulfilment.shipWhole(orderId, "DHL", "JD0003"))
        .hasMessage("order SO-20261129-000001 is NEW; only PAID orders ship");
    assertThat(
            shop.database.withConnection(
                (Connection c) -> new ShipmentRepository().forOrder(c, orderId)))
        .isEmpty();
  }

  @Test
  void deliveryCompletesTheOrder() {
    long orderId = paidOrder();
    long shipmentId = fulfilment.shipWhole(orderId, "UPS", "1Z999");

    fulfilment.delivered(shipmentId);

    assertThat(
            shop.database
                .withConnection((Connection c) -> orders.find(c, orderId))
                .orElseThrow()
                .status())
        .isEqualTo(OrderStatus.DELIVERED);
    assertThat(
            shop.database.withConnection(
                (Connection c) -> new ShipmentRepository().trackingEvents(c, shipmentId)))
        .containsExactly("HANDED_TO_CARRIER", "DELIVERED");
  }
}
