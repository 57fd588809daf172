package dev.dbit.internal.shape;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.StatementKind;
import org.junit.jupiter.api.Test;

/** Shapes and kinds, on statements as JDBC code and Hibernate send them. */
class NormalizedSqlTest {

  private static String shape(String sql) {
    return NormalizedSql.of(sql).text();
  }

  @Test
  void literalsAndBoundValuesBecomeOneMark() {
    assertThat(shape("SELECT * FROM customer WHERE id = 42 AND name = 'O''Brien'"))
        .isEqualTo("select * from customer where id = ? and name = ?");
    assertThat(shape("select * from customer where id=? and name=\"a\\\"b\""))
        .isEqualTo("select * from customer where id=? and name=?");
    assertThat(shape("SELECT 1.5e-3, 0x1F, X'ab', -7")).isEqualTo("select ?, ?, ?, -?");
  }

  @Test
  void theSameQueryWithOtherValuesHasTheSameShape() {
    assertThat(shape("SELECT * FROM orders WHERE customer_id = 1"))
        .isEqualTo(shape("select *\n  from orders\twhere customer_id = 2"));
  }

  @Test
  void inListsAndValueRowsCollapseWhateverTheirLength() {
    assertThat(shape("SELECT * FROM t WHERE id IN (1, 2, 3)"))
        .isEqualTo(shape("select * from t where id in (?)"))
        .isEqualTo("select * from t where id in (...)");
    assertThat(shape("INSERT INTO t (a, b) VALUES (?, ?), (?, ?), (3, 'x')"))
        .isEqualTo("insert into t (a, b) values (...)");
  }

  @Test
  void identifiersKeepTheirDigitsAndQuotedOnesTheirCase() {
    assertThat(shape("SELECT c1, `Order Id` FROM t2 WHERE c1 = 5"))
        .isEqualTo("select c1, `Order Id` from t2 where c1 = ?");
  }

  @Test
  void commentsGo() {
    assertThat(shape("/* app */ SELECT a -- the a\nFROM t # end")).isEqualTo("select a from t");
  }

  @Test
  void kindsAreReadFromTheStatementNotFromItsParts() {
    assertThat(NormalizedSql.of("SELECT * FROM t WHERE id IN (SELECT id FROM u)").kind())
        .isEqualTo(StatementKind.SELECT);
    assertThat(NormalizedSql.of("insert into t select * from u").kind())
        .isEqualTo(StatementKind.INSERT);
    assertThat(NormalizedSql.of("REPLACE INTO t VALUES (1)").kind())
        .isEqualTo(StatementKind.INSERT);
    assertThat(NormalizedSql.of("update t set a = 1").kind()).isEqualTo(StatementKind.UPDATE);
    assertThat(NormalizedSql.of("DELETE FROM t").kind()).isEqualTo(StatementKind.DELETE);
    assertThat(NormalizedSql.of("(SELECT 1) UNION (SELECT 2)").kind())
        .isEqualTo(StatementKind.SELECT);
    assertThat(
            NormalizedSql.of("WITH recent AS (SELECT * FROM o) DELETE FROM t WHERE 1 = 1").kind())
        .isEqualTo(StatementKind.DELETE);
    assertThat(NormalizedSql.of("SET autocommit = 0").kind()).isEqualTo(StatementKind.OTHER);
    assertThat(NormalizedSql.of("CREATE TABLE t (id INT)").kind()).isEqualTo(StatementKind.OTHER);
  }
}
