package dev.dbit.internal.shape;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShapeTallyTest {

  @Test
  void countsPerShapeAndKindTheMostFrequentFirst() {
    ShapeTally tally = new ShapeTally();
    for (int id = 1; id <= 12; id++) {
      tally.add("SELECT * FROM orders WHERE customer_id = " + id, 1_000);
    }
    tally.add("INSERT INTO customer (name) VALUES ('Ada')", 5_000);
    tally.add("insert into customer (name) values ('Grace')", 7_000);

    List<ShapeTally.Count> shapes = tally.heaviestFirst();

    assertThat(shapes).hasSize(2);
    assertThat(shapes.get(0).shape().text())
        .isEqualTo("select * from orders where customer_id = ?");
    assertThat(shapes.get(0).count()).isEqualTo(12);
    assertThat(shapes.get(0).nanos()).isEqualTo(12_000);
    assertThat(shapes.get(1).count()).isEqualTo(2);
    assertThat(tally.byKind())
        .containsEntry(StatementKind.SELECT, 12L)
        .containsEntry(StatementKind.INSERT, 2L)
        .containsEntry(StatementKind.UPDATE, 0L);
  }

  @Test
  void shapesBeyondTheLimitStillCountInTheirKind() {
    ShapeTally tally = new ShapeTally();
    for (int i = 0; i < ShapeTally.SHAPE_LIMIT + 50; i++) {
      tally.add("SELECT c" + i + " FROM t", 1);
    }

    assertThat(tally.heaviestFirst()).hasSize(ShapeTally.SHAPE_LIMIT);
    assertThat(tally.untracked()).isEqualTo(50);
    assertThat(tally.byKind()).containsEntry(StatementKind.SELECT, ShapeTally.SHAPE_LIMIT + 50L);
  }
}
