package dev.dbit.sample.repository;

import dev.dbit.sample.model.EmailAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Customers and their addresses. */
public final class CustomerRepository {

  /** A customer row. */
  public record Customer(
      long id,
      String email,
      String fullName,
      String countryCode,
      String languageCode,
      boolean active) {}

  /** An address row. */
  public record Address(
      long id,
      long customerId,
      String kind,
      String line1,
      String city,
      String postalCode,
      String countryCode,
      boolean isDefault) {}

  public long create(
      Connection c, EmailAddress email, String fullName, String country, String language)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO customer (email, full_name, country_code, language_code) VALUES (?, ?, ?, ?)",
        email.value(),
        fullName,
        country,
        language);
  }

  public Optional<Customer> find(Connection c, long id) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE id = ?", CustomerRepository::customer, id);
  }

  public Optional<Customer> findByEmail(Connection c, EmailAddress email) throws SQLException {
    return Jdbc.one(c, SELECT + " WHERE email = ?", CustomerRepository::customer, email.value());
  }

  public List<Customer> findActiveInCountry(Connection c, String country) throws SQLException {
    return Jdbc.list(
        c,
        SELECT + " WHERE country_code = ? AND is_active ORDER BY id",
        CustomerRepository::customer,
        country);
  }

  public boolean rename(Connection c, long id, String fullName) throws SQLException {
    return Jdbc.update(
            c,
            "UPDATE customer SET full_name = ?, updated_at = CURRENT_TIMESTAMP WHERE id = ?",
            fullName,
            id)
        == 1;
  }

  public boolean deactivate(Connection c, long id) throws SQLException {
    return Jdbc.update(c, "UPDATE customer SET is_active = FALSE WHERE id = ?", id) == 1;
  }

  /** Deletes a customer with no orders; addresses, wishlists and consents go with them. */
  public boolean delete(Connection c, long id) throws SQLException {
    return Jdbc.update(c, "DELETE FROM customer WHERE id = ?", id) == 1;
  }

  public long addAddress(
      Connection c,
      long customerId,
      String kind,
      String line1,
      String city,
      String postalCode,
      String country,
      boolean isDefault)
      throws SQLException {
    if (isDefault) {
      Jdbc.update(
          c,
          "UPDATE customer_address SET is_default = FALSE WHERE customer_id = ? AND kind = ?",
          customerId,
          kind);
    }
    return Jdbc.insert(
        c,
        "INSERT INTO customer_address (customer_id, kind, line1, city, postal_code, country_code, is_default) VALUES (?, ?, ?, ?, ?, ?, ?)",
        customerId,
        kind,
        line1,
        city,
        postalCode,
        country,
        isDefault);
  }

  public List<Address> addresses(Connection c, long customerId) throws SQLException {
    return Jdbc.list(
        c,
        "SELECT id, customer_id, kind, line1, city, postal_code, country_code, is_default FROM customer_address WHERE customer_id = ? ORDER BY id",
        row ->
            new Address(
                row.getLong(1),
                row.getLong(2),
                row.getString(3),
                row.getString(4),
                row.getString(5),
                row.getString(6),
                row.getString(7),
                row.getBoolean(8)),
        customerId);
  }

  private static final String SELECT =
      "SELECT id, email, full_name, country_code, language_code, is_active FROM customer";

  private static Customer customer(ResultSet row) throws SQLException {
    return new Customer(
        row.getLong(1),
        row.getString(2),
        row.getString(3),
        row.getString(4),
        row.getString(5),
        row.getBoolean(6));
  }
}
