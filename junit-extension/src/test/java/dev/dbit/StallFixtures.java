package dev.dbit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** Test cases the stall guard must flag, and honest slow tests it must leave alone. */
final class StallFixtures {
  private StallFixtures() {}

  /** 40 statements through prepared statements, each prepared, executed and closed. */
  @DbIntegrationTest
  static class PreparedStatementsTestCase {
    @Test
    void insertsBrandsOneByOne(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection()) {
        for (int i = 0; i < 40; i++) {
          try (PreparedStatement insert =
              connection.prepareStatement("INSERT INTO brand (name) VALUES (?)")) {
            insert.setString(1, "brand-" + i);
            insert.executeUpdate();
          }
        }
      }
    }
  }

  /** 40 plain statements, one packet each. */
  @DbIntegrationTest
  static class PlainStatementsTestCase {
    @Test
    void insertsBrandsOneByOne(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        for (int i = 0; i < 40; i++) {
          statement.executeUpdate("INSERT INTO brand (name) VALUES ('brand-" + i + "')");
        }
      }
    }
  }

  /** Eight tests of three plain statements each: too small alone, judged as a class. */
  @DbIntegrationTest
  static class SmallPlainStatementsTestCase {
    @RepeatedTest(8)
    void insertsThreeBrands(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        for (int i = 0; i < 3; i++) {
          statement.executeUpdate("INSERT INTO brand (name) VALUES ('brand-" + i + "')");
        }
      }
    }
  }

  /** Controls: slow for honest reasons, or fast; none may be flagged. */
  @DbIntegrationTest
  static class HonestTestCase {
    @Test
    void sleepsBetweenManyFastStatements(DataSource dataSource) throws Exception {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        for (int i = 0; i < 30; i++) {
          statement.executeQuery("SELECT 1").close();
          Thread.sleep(20);
        }
      }
    }

    @Test
    void burnsCpuBetweenStatements(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        long sink = 0;
        for (int i = 0; i < 30; i++) {
          statement.executeQuery("SELECT 1").close();
          long until = System.nanoTime() + 20_000_000;
          while (System.nanoTime() < until) {
            sink += Long.numberOfTrailingZeros(System.nanoTime());
          }
        }
        if (sink == 42) {
          throw new AssertionError("unreachable, keeps the loop alive");
        }
      }
    }

    @Test
    void waitsForSlowServerSideSleeps(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        for (int i = 0; i < 25; i++) {
          statement.executeQuery("SELECT SLEEP(0.04)").close();
        }
      }
    }

    @Test
    void runsAHeavyJoin(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          Statement statement = connection.createStatement()) {
        for (int i = 0; i < 25; i++) {
          try (ResultSet rows =
              statement.executeQuery(
                  "SELECT COUNT(*) FROM information_schema.COLUMNS a JOIN information_schema.COLUMNS b"
                      + " ON a.DATA_TYPE = b.DATA_TYPE WHERE a.TABLE_SCHEMA = DATABASE()")) {
            rows.next();
          }
        }
      }
    }

    @Test
    void runsNoSqlAtAll() throws InterruptedException {
      Thread.sleep(200);
    }

    @Test
    void insertsFiveHundredRowsFast(DataSource dataSource) throws SQLException {
      try (Connection connection = dataSource.getConnection();
          PreparedStatement insert =
              connection.prepareStatement("INSERT INTO product_tag (name) VALUES (?)")) {
        for (int i = 0; i < 500; i++) {
          insert.setString(1, "tag-" + i);
          insert.executeUpdate();
        }
      }
    }
  }
}
