package dev.dbit.sample.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.DataAccessException;
import dev.dbit.sample.Database;
import dev.dbit.sample.model.EmailAddress;
import dev.dbit.sample.repository.AuditLogRepository;
import dev.dbit.sample.repository.CustomerRepository;
import java.sql.Connection;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class CustomerRepositoryContractTest {
  private final Database db;
  private final CustomerRepository customers = new CustomerRepository();

  CustomerRepositoryContractTest(DataSource dataSource) {
    this.db = new Database(dataSource);
  }

  private long ada() {
    return db.withConnection(
        (Connection c) ->
            customers.create(c, EmailAddress.parse("ada@example.com"), "Ada Lovelace", "GB", "en"));
  }

  @Test
  void createdCustomerIsFoundById() {
    long id = ada();

    CustomerRepository.Customer found =
        db.withConnection((Connection c) -> customers.find(c, id)).orElseThrow();
    assertThat(found)
        .isEqualTo(
            new CustomerRepository.Customer(
                id, "ada@example.com", "Ada Lovelace", "GB", "en", true));
  }

  @Test
  void findsByNormalisedEmail() {
    long id = ada();

    assertThat(
            db.withConnection(
                (Connection c) ->
                    customers.findByEmail(c, EmailAddress.parse(" ADA@example.com "))))
        .hasValueSatisfying(customer -> assertThat(customer.id()).isEqualTo(id));
  }

  @Test
  void emailIsUnique() {
    ada();

    assertThatThrownBy(this::ada)
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("Duplicate entry");
  }

  @Test
  void unknownCountryIsRefusedByForeignKey() {
    assertThatThrownBy(
            () ->
                db.withConnection(
                    (Connection c) ->
                        customers.create(c, EmailAddress.parse("x@example.com"), "X", "XX", "en")))
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("foreign key constraint fails");
  }

  @Test
  void renameChangesOnlyTheName() {
    long id = ada();

    assertThat(db.withConnection((Connection c) -> customers.rename(c, id, "Augusta Ada King")))
        .isTrue();
    assertThat(db.withConnection((Connection c) -> customers.find(c, id)).orElseThrow().fullName())
        .isEqualTo("Augusta Ada King");
  }

  @Test
  void deactivatedCustomersLeaveTheCountryList() {
    long id = ada();
    long other =
        db.withConnection(
            (Connection c) ->
                customers.create(c, EmailAddress.parse("bob@example.com"), "Bob", "GB", "en"));

    db.withConnection((Connection c) -> customers.deactivate(c, id));

    assertThat(db.withConnection((Connection c) -> customers.findActiveInCountry(c, "GB")))
        .extracting(CustomerRepository.Customer::id)
        .containsExactly(other);
  }

  @Test
  void onlyOneDefaultAddressPerKind() {
    long id = ada();

    db.withConnection(
        (Connection c) ->
            customers.addAddress(c, id, "SHIPPING", "1 Main St", "London", "N1", "GB", true));
    db.withConnection(
        (Connection c) ->
            customers.addAddress(c, id, "SHIPPING", "2 High St", "London", "N2", "GB", true));

    assertThat(db.withConnection((Connection c) -> customers.addresses(c, id)))
        .extracting(CustomerRepository.Address::line1, CustomerRepository.Address::isDefault)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("1 Main St", false),
            org.assertj.core.groups.Tuple.tuple("2 High St", true));
  }

  @Test
  void deletingACustomerCascadesToAddressesAndIsAudited() {
    long id = ada();
    db.withConnection(
        (Connection c) ->
            customers.addAddress(c, id, "BILLING", "1 Main St", "London", "N1", "GB", true));

    assertThat(db.withConnection((Connection c) -> customers.delete(c, id))).isTrue();

    assertThat(db.withConnection((Connection c) -> customers.addresses(c, id))).isEmpty();
    assertThat(
            db.withConnection(
                (Connection c) -> new AuditLogRepository().forEntity(c, "customer", id)))
        .singleElement()
        .satisfies(entry -> assertThat(entry.action()).isEqualTo("deleted"));
  }
}
