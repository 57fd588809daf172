package dev.dbit.sample;

import dev.dbit.sample.model.EmailAddress;
import dev.dbit.sample.model.Money;
import dev.dbit.sample.repository.CustomerRepository;
import dev.dbit.sample.repository.ProductRepository;
import dev.dbit.sample.repository.StockRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import javax.sql.DataSource;

/** Builds the few rows most tests need: a customer, a catalog and a stocked warehouse. */
public final class ShopFixture {
  public static final LocalDate TODAY = LocalDate.of(2026, 11, 29);

  public final Database database;
  public final long customerId;
  public final long categoryId;
  public final long warehouseId;
  public final ProductRepository.Product kettle;
  public final ProductRepository.Product teaBook;

  private ShopFixture(
      Database database,
      long customerId,
      long categoryId,
      long warehouseId,
      ProductRepository.Product kettle,
      ProductRepository.Product teaBook) {
    this.database = database;
    this.customerId = customerId;
    this.categoryId = categoryId;
    this.warehouseId = warehouseId;
    this.kettle = kettle;
    this.teaBook = teaBook;
  }

  /** A kettle (standard tax, 10 in stock) and a tea book (reduced tax, 5 in stock). */
  public static ShopFixture create(DataSource dataSource) {
    Database database = new Database(dataSource);
    return database.inTransaction(c -> create(database, c));
  }

  private static ShopFixture create(Database database, Connection c) throws SQLException {
    CustomerRepository customers = new CustomerRepository();
    ProductRepository products = new ProductRepository();
    StockRepository stock = new StockRepository();
    long customerId =
        customers.create(c, EmailAddress.parse("ada@example.com"), "Ada Lovelace", "DE", "de");
    new dev.dbit.sample.repository.LoyaltyRepository().openAccount(c, customerId);
    long kitchen = products.createCategory(c, "Kitchen", "kitchen", null);
    long books = products.createCategory(c, "Books", "books", null);
    long kettleId =
        products.create(
            c,
            "KET-1",
            "Steel kettle",
            kitchen,
            products.createBrand(c, "Boil&Co"),
            Money.of(4999, "EUR"),
            "DE_STD");
    long bookId =
        products.create(
            c, "BOOK-TEA", "The book of tea", books, null, Money.of(1500, "EUR"), "DE_RED");
    long warehouseId = stock.createWarehouse(c, "BER1", "Berlin", "DE");
    stock.adjust(c, warehouseId, kettleId, 10, "INITIAL", null);
    stock.adjust(c, warehouseId, bookId, 5, "INITIAL", null);
    return new ShopFixture(
        database,
        customerId,
        kitchen,
        warehouseId,
        products.find(c, kettleId).orElseThrow(),
        products.find(c, bookId).orElseThrow());
  }
}
