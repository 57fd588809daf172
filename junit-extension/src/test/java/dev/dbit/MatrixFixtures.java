package dev.dbit;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The stall matrix's levels: one large test, a class of small tests, a run of small classes. */
final class MatrixFixtures {
  private MatrixFixtures() {}

  /** 20 statements: judged alone. */
  @DbIntegrationTest
  @ExtendWith(MatrixWorkload.Resolver.class)
  static class LargeTestCase {
    @Test
    void runsTwentyStatements(DataSource dataSource, MatrixWorkload work) throws SQLException {
      try (Connection connection = dataSource.getConnection()) {
        work.run(connection, 20);
      }
    }
  }

  /**
   * Eight tests of three statements (24): judged as a class, also when a busy machine explains one
   * of them by a pause (seven, 21 statements, fell to 18 and under the minimum under load).
   */
  @DbIntegrationTest
  @ExtendWith(MatrixWorkload.Resolver.class)
  static class SmallTestsCase {
    @RepeatedTest(8)
    void runsThreeStatements(DataSource dataSource, MatrixWorkload work) throws SQLException {
      try (Connection connection = dataSource.getConnection()) {
        work.run(connection, 3);
      }
    }
  }

  /** Two tests of four statements: too small even as a class, judged with the run (3 x 8). */
  @ExtendWith(MatrixWorkload.Resolver.class)
  abstract static class TwoSmallTests {
    @RepeatedTest(2)
    void runsFourStatements(DataSource dataSource, MatrixWorkload work) throws SQLException {
      try (Connection connection = dataSource.getConnection()) {
        work.run(connection, 4);
      }
    }
  }

  @DbIntegrationTest
  static class SmallOneCase extends TwoSmallTests {}

  @DbIntegrationTest
  static class SmallTwoCase extends TwoSmallTests {}

  @DbIntegrationTest
  static class SmallThreeCase extends TwoSmallTests {}
}
