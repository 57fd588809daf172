package dev.dbit.sample.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.DataAccessException;
import dev.dbit.sample.Database;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.Money;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.model.OrderTotals;
import dev.dbit.sample.repository.OrderRepository;
import java.sql.Connection;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class OrderRepositoryContractTest {
  private final OrderRepository orders = new OrderRepository();
  private ShopFixture shop;
  private Database db;
  private long orderId;

  @BeforeEach
  void placeAnOrder(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    db = shop.database;
    OrderTotals totals =
        OrderTotals.of(List.of(new OrderTotals.Line(shop.kettle.price(), 2, 1900)), 0, "EUR");
    orderId =
        db.inTransaction(
            c -> {
              long id = orders.create(c, "SO-20261129-000001", shop.customerId, totals);
              orders.addLine(c, id, shop.kettle.id(), 2, 4999);
              return id;
            });
  }

  @Test
  void storesHeaderTotalsAndLines() {
    OrderRepository.Order order =
        db.withConnection((Connection c) -> orders.find(c, orderId)).orElseThrow();

    assertThat(order.status()).isEqualTo(OrderStatus.NEW);
    assertThat(order.totals().total()).isEqualTo(Money.of(9998 + 1900, "EUR"));
    assertThat(db.withConnection((Connection c) -> orders.lines(c, orderId)))
        .singleElement()
        .satisfies(line -> assertThat(line.lineTotalCents()).isEqualTo(9998));
  }

  @Test
  void orderNumbersAreUnique() {
    assertThatThrownBy(
            () ->
                db.withConnection(
                    (Connection c) ->
                        orders.create(
                            c,
                            "SO-20261129-000001",
                            shop.customerId,
                            OrderTotals.of(List.of(), 0, "EUR"))))
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("Duplicate entry");
  }

  @Test
  void statusChangesAreRecordedByTheDatabase() {
    db.withConnection(
        (Connection c) -> orders.moveTo(c, orderId, OrderStatus.NEW, OrderStatus.PAID));
    db.withConnection(
        (Connection c) -> orders.moveTo(c, orderId, OrderStatus.PAID, OrderStatus.PICKING));

    assertThat(db.withConnection((Connection c) -> orders.history(c, orderId)))
        .containsExactly(
            new OrderRepository.StatusChange("NEW", "PAID"),
            new OrderRepository.StatusChange("PAID", "PICKING"));
  }

  @Test
  void illegalTransitionsChangeNothing() {
    assertThat(
            db.withConnection(
                (Connection c) -> orders.moveTo(c, orderId, OrderStatus.NEW, OrderStatus.SHIPPED)))
        .isFalse();
    assertThat(db.withConnection((Connection c) -> orders.history(c, orderId))).isEmpty();
  }

  @Test
  void aStaleStatusLosesTheRace() {
    db.withConnection(
        (Connection c) -> orders.moveTo(c, orderId, OrderStatus.NEW, OrderStatus.CANCELLED));

    assertThat(
            db.withConnection(
                (Connection c) -> orders.moveTo(c, orderId, OrderStatus.NEW, OrderStatus.PAID)))
        .isFalse();
    assertThat(db.withConnection((Connection c) -> orders.find(c, orderId)).orElseThrow().status())
        .isEqualTo(OrderStatus.CANCELLED);
  }

  @Test
  void summaryViewCountsLines() {
    db.withConnection((Connection c) -> orders.addLine(c, orderId, shop.teaBook.id(), 1, 1500));

    assertThat(db.withConnection((Connection c) -> orders.summaryLineCount(c, orderId)))
        .isEqualTo(2);
  }

  @Test
  void deletingAnOrderTakesItsLinesAlong() {
    db.withConnection(
        (Connection c) ->
            c.createStatement().executeUpdate("DELETE FROM sales_order WHERE id = " + orderId));

    assertThat(db.withConnection((Connection c) -> orders.lines(c, orderId))).isEmpty();
  }
}
