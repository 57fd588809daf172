package dev.dbit.sample.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.repository.AuditLogRepository;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.PaymentRepository;
import dev.dbit.sample.repository.StockRepository;
import dev.dbit.sample.service.CheckoutService;
import dev.dbit.sample.service.CheckoutService.Item;
import dev.dbit.sample.service.FulfilmentService;
import dev.dbit.sample.service.ReturnsService;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class ReturnsWorkflowTest {
  private ShopFixture shop;
  private CheckoutService checkout;
  private FulfilmentService fulfilment;
  private ReturnsService returns;

  @BeforeEach
  void openTheShop(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    checkout = new CheckoutService(shop.database, shop.warehouseId);
    fulfilment = new FulfilmentService(shop.database, shop.warehouseId);
    returns = new ReturnsService(shop.database, shop.warehouseId);
  }

  private long deliveredOrder() {
    long orderId =
        checkout
            .placeOrder(
                shop.customerId, List.of(new Item("KET-1", 2)), Optional.empty(), ShopFixture.TODAY)
            .orderId();
    checkout.pay(orderId, "CARD", true);
    fulfilment.delivered(fulfilment.shipWhole(orderId, "POST", "RR1"));
    return orderId;
  }

  private int kettlesOnHand() {
    return shop.database
        .withConnection(
            (Connection c) -> new StockRepository().level(c, shop.warehouseId, shop.kettle.id()))
        .orElseThrow()
        .onHand();
  }

  @Test
  void approvedReturnRefundsRestocksAndAudits() {
    long orderId = deliveredOrder();

    returns.approve(returns.requestFullReturn(orderId, "CHANGED_MIND"), "agent-7");

    PaymentRepository.Payment payment =
        shop.database
            .withConnection((Connection c) -> new PaymentRepository().forOrder(c, orderId))
            .get(0);
    assertThat(
            shop.database.withConnection(
                (Connection c) -> new PaymentRepository().refundedCents(c, payment.id())))
        .isEqualTo(payment.amountCents());
    assertThat(kettlesOnHand()).isEqualTo(10);
    assertThat(
            shop.database
                .withConnection((Connection c) -> new OrderRepository().find(c, orderId))
                .orElseThrow()
                .status())
        .isEqualTo(OrderStatus.RETURNED);
    assertThat(
            shop.database.withConnection(
                (Connection c) -> new AuditLogRepository().forEntity(c, "payment", payment.id())))
        .hasSize(1);
  }

  @Test
  void damagedGoodsAreRefundedButNotRestocked() {
    long orderId = deliveredOrder();

    returns.approve(returns.requestFullReturn(orderId, "DAMAGED"), "agent-7");

    assertThat(kettlesOnHand()).isEqualTo(8);
  }

  @Test
  void onlyDeliveredOrdersCanBeReturned() {
    long orderId =
        checkout
            .placeOrder(
                shop.customerId, List.of(new Item("KET-1", 1)), Optional.empty(), ShopFixture.TODAY)
            .orderId();

    assertThatThrownBy(() -> returns.requestFullReturn(orderId, "LATE"))
        .hasMessage("only delivered orders can be returned; SO-20261129-000001 is NEW");
  }
}
