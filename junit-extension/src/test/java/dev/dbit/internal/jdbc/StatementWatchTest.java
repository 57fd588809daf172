package dev.dbit.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatementWatchTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "SET SESSION sql_mode = ''",
        " set @x = 1",
        "CREATE TEMPORARY TABLE t (id INT)",
        "LOCK TABLES brand WRITE",
        "USE other",
        "SELECT GET_LOCK('x', 1)",
        "SELECT @n := 5"
      })
  void noticesStatementsThatLeaveSessionState(String sql) {
    assertThat(StatementWatch.sessionState().matches(sql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"SELECT 1", "INSERT INTO brand (name) VALUES ('SET x')", "UPDATE t SET a = 1"})
  void ignoresOrdinaryStatements(String sql) {
    assertThat(StatementWatch.sessionState().matches(sql)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "TRUNCATE TABLE tax_rate",
        " truncate tax_rate",
        "ALTER TABLE brand ADD COLUMN x INT",
        "CREATE TABLE t (id INT)",
        "LOCK TABLES brand WRITE",
        "CALL refresh_totals()"
      })
  void noticesStatementsNoRowCounterSees(String sql) {
    assertThat(StatementWatch.uncountedChanges().matches(sql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "CREATE TEMPORARY TABLE t (id INT)",
        "DELETE FROM brand",
        "INSERT INTO brand (name) VALUES ('TRUNCATE')"
      })
  void leavesCountedWritesToTheCounters(String sql) {
    assertThat(StatementWatch.uncountedChanges().matches(sql)).isFalse();
  }
}
