package dev.dbit.sample.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.DataAccessException;
import dev.dbit.sample.Database;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.Money;
import dev.dbit.sample.repository.ProductRepository;
import java.sql.Connection;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class ProductRepositoryContractTest {
  private final ProductRepository products = new ProductRepository();
  private ShopFixture shop;
  private Database db;

  @BeforeEach
  void stockTheShop(DataSource dataSource) {
    shop = ShopFixture.create(dataSource);
    db = shop.database;
  }

  @Test
  void findsBySkuWithItsTaxRate() {
    ProductRepository.Product kettle =
        db.withConnection((Connection c) -> products.findBySku(c, "KET-1")).orElseThrow();

    assertThat(kettle.price()).isEqualTo(Money.of(4999, "EUR"));
    assertThat(kettle.taxRateCode()).isEqualTo("DE_STD");
    assertThat(kettle.taxBasisPoints()).isEqualTo(1900);
  }

  @Test
  void skuIsUnique() {
    assertThatThrownBy(
            () ->
                db.withConnection(
                    (Connection c) ->
                        products.create(
                            c,
                            "KET-1",
                            "Copy",
                            shop.categoryId,
                            null,
                            Money.of(1, "EUR"),
                            "DE_STD")))
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("Duplicate entry");
  }

  @Test
  void negativePricesAreRefusedByTheSchema() {
    assertThatThrownBy(
            () ->
                db.withConnection(
                    (Connection c) ->
                        products.create(
                            c,
                            "NEG-1",
                            "Negative",
                            shop.categoryId,
                            null,
                            Money.of(-1, "EUR"),
                            "DE_STD")))
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("ck_product_price");
  }

  @Test
  void categoryListingIncludesSubcategories() {
    long kettles =
        db.withConnection(
            (Connection c) -> products.createCategory(c, "Kettles", "kettles", shop.categoryId));
    db.withConnection(
        (Connection c) ->
            products.create(
                c, "KET-2", "Glass kettle", kettles, null, Money.of(3999, "EUR"), "DE_STD"));

    assertThat(db.withConnection((Connection c) -> products.inCategory(c, shop.categoryId)))
        .extracting(ProductRepository.Product::sku)
        .containsExactly("KET-2", "KET-1");
  }

  @Test
  void priceChangesAreVisible() {
    db.withConnection(
        c -> {
          products.changePrice(c, shop.kettle.id(), Money.of(4499, "EUR"));
          return null;
        });

    assertThat(
            db.withConnection((Connection c) -> products.find(c, shop.kettle.id()))
                .orElseThrow()
                .price())
        .isEqualTo(Money.of(4499, "EUR"));
  }

  @Test
  void taggingTwiceKeepsOneTag() {
    db.withConnection(
        c -> {
          products.tag(c, shop.kettle.id(), "steel");
          products.tag(c, shop.kettle.id(), "steel");
          products.tag(c, shop.kettle.id(), "bestseller");
          return null;
        });

    assertThat(db.withConnection((Connection c) -> products.tags(c, shop.kettle.id())))
        .containsExactly("bestseller", "steel");
  }

  @Test
  void averagesReviewRatings() {
    db.withConnection(
        (Connection c) -> products.review(c, shop.kettle.id(), shop.customerId, 5, "Boils fast"));
    db.withConnection(
        (Connection c) -> products.review(c, shop.kettle.id(), shop.customerId, 2, "Loud"));

    assertThat(db.withConnection((Connection c) -> products.averageRating(c, shop.kettle.id())))
        .contains(3.5);
    assertThat(db.withConnection((Connection c) -> products.averageRating(c, shop.teaBook.id())))
        .isEmpty();
  }

  @Test
  void ratingsOutsideOneToFiveAreRefused() {
    assertThatThrownBy(
            () ->
                db.withConnection(
                    (Connection c) ->
                        products.review(c, shop.kettle.id(), shop.customerId, 6, null)))
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("ck_review_rating");
  }
}
