package dev.dbit.internal.shape;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.StatementKind;
import dev.dbit.StatementShape;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShapeTallyTest {

  @Test
  void countsPerShapeAndKindTheMostFrequentFirst() {
    ShapeTally tally = new ShapeTally(100);
    for (int id = 1; id <= 12; id++) {
      tally.add("SELECT * FROM orders WHERE customer_id = " + id, 0, 1_000_000);
    }
    tally.add("INSERT INTO customer (name) VALUES ('Ada')", 0, 5_000_000);
    tally.add("insert into customer (name) values ('Grace')", 0, 7_000_000);

    List<StatementShape> shapes = tally.heaviestFirst();

    assertThat(shapes).hasSize(2);
    assertThat(shapes.get(0).sql()).isEqualTo("select * from orders where customer_id = ?");
    assertThat(shapes.get(0).count()).isEqualTo(12);
    assertThat(shapes.get(0).distinctValues()).isEqualTo(12);
    assertThat(shapes.get(0).jdbcMillis()).isEqualTo(12.0);
    assertThat(shapes.get(1).count()).isEqualTo(2);
    assertThat(tally.byKind())
        .containsEntry(StatementKind.SELECT, 12L)
        .containsEntry(StatementKind.INSERT, 2L)
        .containsEntry(StatementKind.UPDATE, 0L);
  }

  @Test
  void shapesBeyondTheLimitStillCountInTheirKind() {
    ShapeTally tally = new ShapeTally(100);
    for (int i = 0; i < ShapeTally.SHAPE_LIMIT + 50; i++) {
      tally.add("SELECT c" + i + " FROM t", 0, 1);
    }

    assertThat(tally.heaviestFirst()).hasSize(ShapeTally.SHAPE_LIMIT);
    assertThat(tally.untracked()).isEqualTo(50);
    assertThat(tally.byKind()).containsEntry(StatementKind.SELECT, ShapeTally.SHAPE_LIMIT + 50L);
  }

  @Test
  void distinctValuesCountBoundValuesAndLiteralsUpToTheLimit() {
    ShapeTally tally = new ShapeTally(5);
    for (int i = 0; i < 20; i++) {
      tally.add("SELECT * FROM order_line WHERE order_id = ?", i, 1);
      tally.add("SELECT * FROM customer WHERE id = ?", 42, 1);
    }

    List<StatementShape> shapes = tally.heaviestFirst();

    assertThat(shapes)
        .extracting(StatementShape::sql, StatementShape::count, StatementShape::distinctValues)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(
                "select * from order_line where order_id = ?", 20L, 5L),
            org.assertj.core.groups.Tuple.tuple("select * from customer where id = ?", 20L, 1L));
  }
}
