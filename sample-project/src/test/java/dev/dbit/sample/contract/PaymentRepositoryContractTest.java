package dev.dbit.sample.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import dev.dbit.sample.Database;
import dev.dbit.sample.ShopFixture;
import dev.dbit.sample.model.OrderTotals;
import dev.dbit.sample.repository.AuditLogRepository;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.PaymentRepository;
import java.sql.Connection;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DbIntegrationTest
class PaymentRepositoryContractTest {
  private final PaymentRepository payments = new PaymentRepository();
  private Database db;
  private long paymentId;

  @BeforeEach
  void createPayment(DataSource dataSource) {
    ShopFixture shop = ShopFixture.create(dataSource);
    db = shop.database;
    long orderId =
        db.withConnection(
            (Connection c) ->
                new OrderRepository()
                    .create(
                        c,
                        "SO-20261129-000001",
                        shop.customerId,
                        OrderTotals.of(List.of(), 0, "EUR")));
    paymentId = db.withConnection((Connection c) -> payments.create(c, orderId, "CARD", 5000));
  }

  @Test
  void newPaymentsArePending() {
    assertThat(
            db.withConnection((Connection c) -> payments.find(c, paymentId)).orElseThrow().status())
        .isEqualTo("PENDING");
  }

  @Test
  void aSuccessfulAttemptCaptures() {
    db.withConnection(
        c -> {
          payments.recordAttempt(c, paymentId, false, "DECLINED");
          payments.recordAttempt(c, paymentId, true, null);
          return null;
        });

    assertThat(db.withConnection((Connection c) -> payments.attempts(c, paymentId))).isEqualTo(2);
    assertThat(
            db.withConnection((Connection c) -> payments.find(c, paymentId)).orElseThrow().status())
        .isEqualTo("CAPTURED");
  }

  @Test
  void refundsAddUp() {
    db.withConnection((Connection c) -> payments.refund(c, paymentId, 1000, "DAMAGED"));
    db.withConnection((Connection c) -> payments.refund(c, paymentId, 500, null));

    assertThat(db.withConnection((Connection c) -> payments.refundedCents(c, paymentId)))
        .isEqualTo(1500);
  }

  @Test
  void refundsAreAuditedByATrigger() {
    db.withConnection((Connection c) -> payments.refund(c, paymentId, 1000, "DAMAGED"));

    assertThat(
            db.withConnection(
                (Connection c) -> new AuditLogRepository().forEntity(c, "payment", paymentId)))
        .singleElement()
        .satisfies(entry -> assertThat(entry.detail()).isEqualTo("amount_cents=1000"));
  }
}
