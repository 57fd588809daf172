package dev.dbit.internal.reset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.template.SchemaLayout;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CleanupPlanTest {
  /** customer has a DELETE trigger writing audit_log; country is reference data. */
  private static final SchemaLayout LAYOUT =
      new SchemaLayout(
          List.of("audit_log", "brand", "country", "customer", "order_history", "sales_order"),
          Map.of("country", List.of("code", "name")),
          List.of(),
          List.of("trg_customer", "trg_order"),
          Set.of("customer", "sales_order"),
          Set.of(),
          Map.of("customer", Set.of("audit_log"), "sales_order", Set.of("order_history")),
          Map.of("country", Set.of("customer"), "customer", Set.of("country")),
          Set.of("customer", "sales_order"));

  private static DatabaseResetter.CleanupPlan plan(String... dirty) {
    return new DatabaseResetter(null, "tpl", "copy", LAYOUT).plan(List.of(dirty));
  }

  @Test
  void tablesWhoseResetFiresTriggersGoFirstAndTheirTargetsLast() {
    DatabaseResetter.CleanupPlan plan = plan("audit_log", "brand", "customer");

    assertThat(plan.tables()).containsExactly("customer", "brand", "audit_log");
    assertThat(plan.needsConfirmation()).isFalse();
  }

  @Test
  void cleanTriggerTargetsAreEmptiedToo() {
    assertThat(plan("sales_order").tables()).containsExactly("sales_order", "order_history");
  }

  @Test
  void aChainOfTriggersAsksForASecondProbe() {
    SchemaLayout chained =
        new SchemaLayout(
            List.of("a", "b", "c"),
            Map.of(),
            List.of(),
            List.of("ta", "tb"),
            Set.of("a", "b"),
            Set.of(),
            Map.of("a", Set.of("b"), "b", Set.of("c")),
            Map.of(),
            Set.of());

    DatabaseResetter.CleanupPlan plan =
        new DatabaseResetter(null, "tpl", "copy", chained).plan(List.of("a"));

    assertThat(plan.needsConfirmation()).isTrue();
  }

  @Test
  void cascadesReachReferenceTablesOnly() {
    assertThat(LAYOUT.withCascades(Set.of("brand"))).containsExactly("brand");
    // customer is empty after migration: a row a cascade reaches there was inserted, and counted.
    assertThat(LAYOUT.withCascades(Set.of("customer"))).containsExactly("country", "customer");
    assertThat(LAYOUT.withCascades(Set.of("country"))).containsExactly("country");
  }

  @Test
  void autoIncrementCountersAreResetOnlyWhenAskedAndNeverForgotten() {
    DatabaseResetter resetter = new DatabaseResetter(null, "tpl", "copy", LAYOUT);

    // Written while no test asked for it: cleaned, counter remembered.
    assertThat(resetter.cleanupSql(List.of("customer", "brand"))).doesNotContain("ALTER");
    assertThat(resetter.countersToReset()).isFalse();

    resetter.resetAutoIncrement(true);
    assertThat(resetter.countersToReset()).isTrue();
    // A later reset that cleans nothing still resets the remembered counter, and only tables
    // with an AUTO_INCREMENT column.
    assertThat(resetter.cleanupSql(List.of("brand")))
        .contains("ALTER TABLE `copy`.`customer` AUTO_INCREMENT = 1")
        .doesNotContain("`brand` AUTO_INCREMENT");
    assertThat(resetter.countersToReset()).isFalse();
  }
}
