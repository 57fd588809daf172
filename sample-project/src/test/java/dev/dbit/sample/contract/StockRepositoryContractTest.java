package dev.dbit.sample.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.DataAccessException;
import dev.dbit.sample.Database;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.repository.StockRepository;
import java.sql.Connection;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class StockRepositoryContractTest {
  private final StockRepository stock = new StockRepository();
  private ShopFixture shop;
  private Database db;

  @BeforeEach
  void stockTheShop(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    db = shop.database;
  }

  private StockRepository.Level kettles() {
    return db.withConnection((Connection c) -> stock.level(c, shop.warehouseId, shop.kettle.id()))
        .orElseThrow();
  }

  @Test
  void adjustmentsAddUpAndAreJournaled() {
    db.withConnection(
        c -> {
          stock.adjust(c, shop.warehouseId, shop.kettle.id(), 5, "DELIVERY", "PO-1");
          return null;
        });

    assertThat(kettles().onHand()).isEqualTo(15);
    assertThat(db.withConnection((Connection c) -> stock.movements(c, shop.kettle.id())))
        .isEqualTo(2);
  }

  @Test
  void reservationNeverExceedsWhatIsAvailable() {
    assertThat(
            db.withConnection(
                (Connection c) -> stock.reserve(c, shop.warehouseId, shop.kettle.id(), 8)))
        .isTrue();
    assertThat(
            db.withConnection(
                (Connection c) -> stock.reserve(c, shop.warehouseId, shop.kettle.id(), 3)))
        .isFalse();

    assertThat(kettles().available()).isEqualTo(2);
  }

  @Test
  void shippingTakesFromOnHandAndReserved() {
    db.withConnection(
        c -> {
          stock.reserve(c, shop.warehouseId, shop.kettle.id(), 4);
          stock.ship(c, shop.warehouseId, shop.kettle.id(), 4, "SO-1");
          return null;
        });

    assertThat(kettles())
        .isEqualTo(new StockRepository.Level(shop.warehouseId, shop.kettle.id(), 6, 0));
  }

  @Test
  void releasingAReservationMakesStockAvailableAgain() {
    db.withConnection(
        c -> {
          stock.reserve(c, shop.warehouseId, shop.kettle.id(), 10);
          stock.release(c, shop.warehouseId, shop.kettle.id(), 10);
          return null;
        });

    assertThat(kettles().available()).isEqualTo(10);
  }

  @Test
  void schemaRefusesMoreReservedThanOnHand() {
    assertThatThrownBy(
            () ->
                db.withConnection(
                    (Connection c) ->
                        c.createStatement()
                            .executeUpdate("UPDATE stock_level SET reserved = on_hand + 1")))
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("ck_stock_reserved");
  }
}
