package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** {@code resetAutoIncrement}: ids start at 1 in every test that asks, whatever ran before. */
class AutoIncrementResetTest {
  private static final Map<String, String> CLASSES_IN_ORDER =
      Map.of("junit.jupiter.testclass.order.default", ClassOrderer.OrderAnnotation.class.getName());

  @Test
  void countersMoveByDefault() {
    Inserts.IDS.clear();
    DbitTestKit.assertAllSucceeded(DbitTestKit.run(Inserts.class), 3);

    assertThat(Inserts.IDS).hasSize(3).doesNotHaveDuplicates();
    assertThat(Inserts.IDS.get(2)).isGreaterThan(Inserts.IDS.get(0));
  }

  @Test
  void theAttributeResetsCountersMovedByEarlierClassesToo() {
    Inserts.IDS.clear();
    InsertsFromOne.IDS.clear();
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(CLASSES_IN_ORDER, Inserts.class, InsertsFromOne.class), 6);

    assertThat(Inserts.IDS.get(2)).isGreaterThan(1L);
    assertThat(InsertsFromOne.IDS).containsExactly(1L, 1L, 1L);
  }

  @Test
  void theKeyResetsCountersForEveryClass() {
    Inserts.IDS.clear();
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(Inserts.class, Map.of(DbIntegrationTest.RESET_AUTO_INCREMENT, "true")), 3);

    assertThat(Inserts.IDS).containsExactly(1L, 1L, 1L);
  }

  @Test
  void theAttributeTurnsTheKeyOffForItsClass() {
    KeepsCounters.IDS.clear();
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(
            KeepsCounters.class, Map.of(DbIntegrationTest.RESET_AUTO_INCREMENT, "true")),
        3);

    assertThat(KeepsCounters.IDS).hasSize(3).doesNotHaveDuplicates();
  }

  static long insertCustomer(DataSource dataSource) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate(
          "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
              + " ('a@example.com', 'A', 'DE', 'de')",
          Statement.RETURN_GENERATED_KEYS);
      try (ResultSet keys = statement.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  @DbIntegrationTest
  @Order(1)
  static class Inserts {
    static final List<Long> IDS = new CopyOnWriteArrayList<>();

    @RepeatedTest(3)
    void insertsACustomer(DataSource dataSource) throws SQLException {
      IDS.add(insertCustomer(dataSource));
    }
  }

  @DbIntegrationTest(resetAutoIncrement = DbIntegrationTest.Toggle.OFF)
  static class KeepsCounters {
    static final List<Long> IDS = new CopyOnWriteArrayList<>();

    @RepeatedTest(3)
    void insertsACustomer(DataSource dataSource) throws SQLException {
      IDS.add(insertCustomer(dataSource));
    }
  }

  @DbIntegrationTest(resetAutoIncrement = DbIntegrationTest.Toggle.ON)
  @Order(2)
  static class InsertsFromOne {
    static final List<Long> IDS = new CopyOnWriteArrayList<>();

    @RepeatedTest(3)
    void insertsACustomer(DataSource dataSource) throws SQLException {
      IDS.add(insertCustomer(dataSource));
    }
  }
}
