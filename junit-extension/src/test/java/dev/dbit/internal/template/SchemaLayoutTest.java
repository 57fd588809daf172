package dev.dbit.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaLayoutTest {
  @Test
  void findsTheTablesATriggerBodyNames() {
    String body =
        "INSERT INTO audit_log (entity_type, entity_id) VALUES ('customer', OLD.id);"
            + " UPDATE `stock_level` SET on_hand = 0";

    assertThat(
            TableTriggers.tablesNamedIn(
                body, List.of("audit_log", "customer", "stock_level", "stock")))
        .containsExactly("audit_log", "customer", "stock_level");
  }

  @Test
  void probesEveryTableInOneRow() {
    assertThat(SchemaLayout.probeSql("s", List.of("a", "b")))
        .isEqualTo("SELECT EXISTS(SELECT 1 FROM `s`.`a`), EXISTS(SELECT 1 FROM `s`.`b`)");
  }
}
