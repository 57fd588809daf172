package dev.dbit.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SessionStateWatchTest {
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
    assertThat(SessionStateWatch.changesSession(sql)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"SELECT 1", "INSERT INTO brand (name) VALUES ('SET x')", "UPDATE t SET a = 1"})
  void ignoresOrdinaryStatements(String sql) {
    assertThat(SessionStateWatch.changesSession(sql)).isFalse();
  }
}
