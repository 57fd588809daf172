package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import dev.dbit.ExpectStatements;
import dev.dbit.StatementShape;
import dev.dbit.TestDatabase;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jpa.test.autoconfigure.DataJpaTest;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A lazy collection read in a loop, the N+1 every JPA team meets: dbit reports the query that ran
 * once per order as a likely N+1 (a console line and the reports, or a failure with {@code
 * dbit.n-plus-one.mode=fail}); the same sum from one fetch join is not reported.
 */
@DataJpaTest
@Import(OrderHistory.class)
@DbIntegrationTest
class OrderHistoryTest {
  static final int ORDERS = 12;

  @Autowired OrderHistory history;
  @Autowired JdbcTemplate jdbc;
  long customer;

  @BeforeEach
  void twelveOrdersOfTwoLinesEach() {
    jdbc.update(
        "INSERT INTO customer (email, name, country_code) VALUES ('ada@example.com', 'Ada', 'DE')");
    customer = jdbc.queryForObject("SELECT id FROM customer", Long.class);
    List<Object[]> orders = new ArrayList<>();
    List<Object[]> lines = new ArrayList<>();
    for (long order = 1; order <= ORDERS; order++) {
      orders.add(new Object[] {order, customer});
      lines.add(new Object[] {order, "tea", 1});
      lines.add(new Object[] {order, "cups", 2});
    }
    jdbc.batchUpdate("INSERT INTO purchase_order (id, customer_id) VALUES (?, ?)", orders);
    jdbc.batchUpdate(
        "INSERT INTO order_line (order_id, product, quantity) VALUES (?, ?, ?)", lines);
  }

  @Test
  void sumsTheItemsOrderByOrder(TestDatabase database) throws SQLException {
    assertThat(history.itemsOrderedOrderByOrder(customer)).isEqualTo(3 * ORDERS);

    StatementShape mostExecuted = database.metrics().shapes().get(0);
    assertThat(mostExecuted.sql()).contains("from order_line");
    assertThat(mostExecuted.count()).isEqualTo(ORDERS);
  }

  @Test
  @ExpectStatements(select = 2, insert = 3)
  void sumsTheItemsFromOneFetchJoin() {
    assertThat(history.itemsOrdered(customer)).isEqualTo(3 * ORDERS);
  }
}
