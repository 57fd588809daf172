package dev.dbit.sample.repository;

import dev.dbit.sample.model.Money;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** The catalog: categories, brands and products with their tax rate. */
public final class ProductRepository {

  /** A product row joined with its tax rate. */
  public record Product(
      long id,
      String sku,
      String name,
      long categoryId,
      Money price,
      String taxRateCode,
      int taxBasisPoints,
      boolean active) {}

  public long createCategory(Connection c, String name, String slug, Long parentId)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO product_category (parent_id, name, slug) VALUES (?, ?, ?)",
        parentId,
        name,
        slug);
  }

  public long createBrand(Connection c, String name) throws SQLException {
    return Jdbc.insert(c, "INSERT INTO brand (name) VALUES (?)", name);
  }

  public long create(
      Connection c,
      String sku,
      String name,
      long categoryId,
      Long brandId,
      Money price,
      String taxRateCode)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO product (sku, name, category_id, brand_id, price_cents, currency_code, tax_rate_code, unit_code) VALUES (?, ?, ?, ?, ?, ?, ?, 'PCS')",
        sku,
        name,
        categoryId,
        brandId,
        price.cents(),
        price.currency(),
        taxRateCode);
  }

  public Optional<Product> find(Connection c, long id) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE p.id = ?", ProductRepository::product, id);
  }

  public Optional<Product> findBySku(Connection c, String sku) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE p.sku = ?", ProductRepository::product, sku);
  }

  /** Active products of a category and all its sub-categories one level down, by name. */
  public List<Product> inCategory(Connection c, long categoryId) throws SQLException {
    return Jdbc.list(
        c,
        SELECT
            + " WHERE p.is_active AND (p.category_id = ? OR p.category_id IN (SELECT id FROM product_category WHERE parent_id = ?)) ORDER BY p.name",
        ProductRepository::product,
        categoryId,
        categoryId);
  }

  /** Changes the price and records the change in the price list history. */
  public void changePrice(Connection c, long id, Money price) throws SQLException {
    Jdbc.update(
        c,
        "UPDATE product SET price_cents = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ?",
        price.cents(),
        id);
  }

  public void tag(Connection c, long productId, String tag) throws SQLException {
    long tagId =
        Jdbc.one(c, "SELECT id FROM product_tag WHERE name = ?", row -> row.getLong(1), tag)
            .orElseGet(() -> insertTag(c, tag));
    Jdbc.update(
        c,
        "INSERT IGNORE INTO product_tag_link (product_id, tag_id) VALUES (?, ?)",
        productId,
        tagId);
  }

  public List<String> tags(Connection c, long productId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT t.name FROM product_tag t JOIN product_tag_link l ON l.tag_id = t.id WHERE l.product_id = ? ORDER BY t.name",
        row -> row.getString(1),
        productId);
  }

  public long review(Connection c, long productId, long customerId, int rating, String body)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO product_review (product_id, customer_id, rating, body) VALUES (?, ?, ?, ?)",
        productId,
        customerId,
        rating,
        body);
  }

  public Optional<Double> averageRating(Connection c, long productId) throws SQLException {
    return Jdbc.one(
        c,
        "SELECT AVG(rating) FROM product_review WHERE product_id = ? HAVING COUNT(*) > 0",
        row -> row.getDouble(1),
        productId);
  }

  private long insertTag(Connection c, String tag) {
    try {
      return Jdbc.insert(c, "INSERT INTO product_tag (name) VALUES (?)", tag);
    } catch (SQLException e) {
      throw new dev.dbit.sample.DataAccessException(e);
    }
  }

  private static final String SELECT =
      "SELECT p.id, p.sku, p.name, p.category_id, p.price_cents, p.currency_code, p.tax_rate_code, t.rate_basis_points, p.is_active"
          + " FROM product p JOIN tax_rate t ON t.code = p.tax_rate_code";

  private static Product product(ResultSet row) throws SQLException {
    return new Product(
        row.getLong(1),
        row.getString(2),
        row.getString(3),
        row.getLong(4),
        Money.of(row.getLong(5), row.getString(6)),
        row.getString(7),
        row.getInt(8),
        row.getBoolean(9));
  }
}
