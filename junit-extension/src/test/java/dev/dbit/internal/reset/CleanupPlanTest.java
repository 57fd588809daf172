package dev.dbit.internal.reset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.template.CascadingKey;
import dev.dbit.internal.template.SchemaLayout;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
          List.of(
              new CascadingKey(
                  "fk_customer_country",
                  "customer",
                  List.of("country"),
                  "country",
                  List.of("code"),
                  "CASCADE",
                  "CASCADE"),
              new CascadingKey(
                  "fk_country_customer",
                  "country",
                  List.of("founder"),
                  "customer",
                  List.of("id"),
                  "SET NULL",
                  "RESTRICT")),
          Set.of("customer", "sales_order"),
          Set.of(),
          Set.of(),
          Map.of());

  private static CleanupPlan plan(String... dirty) {
    return new CleanupPlanner(dev.dbit.internal.template.RowOrigin.schema("tpl"), "copy", LAYOUT)
        .plan(
            List.of(dirty),
            Set.of(),
            false,
            ChangedRows.unknown(),
            CascadeClosure.unknown(LAYOUT, List.of(dirty)),
            Optional.empty(),
            false);
  }

  @Test
  void tablesWhoseResetFiresTriggersGoFirstAndTheirTargetsLast() {
    CleanupPlan plan = plan("audit_log", "brand", "customer");

    // country: customer's cascade reaches it, and nothing says what that cascade released.
    assertThat(plan.tables()).containsExactly("customer", "brand", "country", "audit_log");
    assertThat(plan.needsConfirmation()).isFalse();
  }

  @Test
  void aStatementPutFirstInTheTransactionRunsBeforeEveryDeleteAndCommitsWithThem() {
    CleanupPlan plan = plan("brand").withFirstInTransaction("DELETE FROM copy.markers");

    assertThat(plan.statements())
        .containsExactly(
            "START TRANSACTION",
            "DELETE FROM copy.markers",
            "DELETE FROM `copy`.`brand`",
            "COMMIT");
    assertThat(plan.tables()).containsExactly("brand");
    assertThat(plan("brand").withFirstInTransaction("")).isEqualTo(plan("brand"));
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
            List.of(),
            Set.of(),
            Set.of(),
            Set.of(),
            Map.of());

    CleanupPlan plan =
        new CleanupPlanner(dev.dbit.internal.template.RowOrigin.schema("tpl"), "copy", chained)
            .plan(
                List.of("a"),
                Set.of(),
                false,
                ChangedRows.unknown(),
                CascadeClosure.unknown(chained, List.of("a")),
                Optional.empty(),
                false);

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
    CleanupPlanner planner =
        new CleanupPlanner(dev.dbit.internal.template.RowOrigin.schema("tpl"), "copy", LAYOUT);

    // Written while no test asked for it: cleaned, counter remembered.
    CleanupPlan unasked =
        planner.plan(
            List.of("customer", "brand"),
            Set.of(),
            false,
            ChangedRows.unknown(),
            CascadeClosure.unknown(LAYOUT, List.of("customer", "brand")),
            Optional.empty(),
            false);
    assertThat(unasked.sql()).doesNotContain("ALTER");
    assertThat(unasked.countersMovedAfter()).containsExactly("customer");

    // A later reset that cleans nothing else still resets the remembered counter, and only tables
    // with an AUTO_INCREMENT column.
    CleanupPlan asked =
        planner.plan(
            List.of("brand"),
            unasked.countersMovedAfter(),
            true,
            ChangedRows.unknown(),
            CascadeClosure.unknown(LAYOUT, List.of("brand")),
            Optional.empty(),
            false);
    assertThat(asked.sql())
        .contains("ALTER TABLE `copy`.`customer` AUTO_INCREMENT = 1")
        .doesNotContain("`brand` AUTO_INCREMENT");
    assertThat(asked.countersMovedAfter()).isEmpty();
  }

  @Test
  void planningChangesNothingAndCountsItsStatements() {
    CleanupPlanner planner =
        new CleanupPlanner(dev.dbit.internal.template.RowOrigin.schema("tpl"), "copy", LAYOUT);
    Set<String> moved = new java.util.TreeSet<>(Set.of("sales_order"));

    CleanupPlan plan =
        planner.plan(
            List.of("customer"),
            moved,
            true,
            ChangedRows.unknown(),
            CascadeClosure.unknown(LAYOUT, List.of("customer")),
            Optional.empty(),
            false);

    assertThat(moved).as("the caller's bookkeeping").containsExactly("sales_order");
    // START TRANSACTION, DELETE customer, DELETE and INSERT country (its cascade), DELETE
    // audit_log, COMMIT, two ALTERs.
    assertThat(plan.statements()).hasSize(8);
    assertThat(plan.sql().split(";\n")).hasSize(plan.statements().size());
  }

  /** image: a large reference table keyed by id; gallery's deletes cascade into it. */
  private static final SchemaLayout LARGE =
      new SchemaLayout(
          List.of("gallery", "image"),
          Map.of("image", List.of("id", "png")),
          List.of(),
          List.of(),
          Set.of(),
          Set.of(),
          Map.of(),
          List.of(
              new CascadingKey(
                  "fk_image_gallery",
                  "image",
                  List.of("gallery_id"),
                  "gallery",
                  List.of("id"),
                  "CASCADE",
                  "RESTRICT")),
          Set.of(),
          Set.of(),
          Set.of(),
          Map.of("image", List.of("id")));

  @Test
  void aLargeTableGetsBackOnlyTheRowsTheLogShowsChanged() {
    ChangedRows changes =
        new ChangedRows(
            Map.of("image", Set.of(List.of("7"), List.of("3"))),
            Set.of("image"),
            Map.of(),
            Set.of());

    CleanupPlan plan = planLarge(List.of("image"), changes, Optional.empty(), false);

    assertThat(plan.statements())
        .containsExactly(
            "START TRANSACTION",
            "DELETE FROM `copy`.`image` WHERE `id` IN (3, 7)",
            "INSERT INTO `copy`.`image` SELECT * FROM `tpl`.`image` WHERE `id` IN (3, 7)",
            "COMMIT");
  }

  @Test
  void aFollowedLargeTableWithNoLoggedChangeNeedsNoStatement() {
    ChangedRows rolledBack = new ChangedRows(Map.of(), Set.of("image"), Map.of(), Set.of());

    CleanupPlan plan = planLarge(List.of("image"), rolledBack, Optional.empty(), false);

    assertThat(plan.statements()).containsExactly("START TRANSACTION", "COMMIT");
  }

  @Test
  void aLargeTableACascadeReachesIsComparedInFullForCascadedRowsAreNotLogged() {
    ChangedRows changes = new ChangedRows(Map.of(), Set.of("image"), Map.of(), Set.of());

    CleanupPlan plan = planLarge(List.of("gallery", "image"), changes, Optional.empty(), false);

    assertThat(String.join("\n", plan.statements()))
        .contains("DELETE FROM `copy`.`image` WHERE NOT EXISTS");
  }

  @Test
  void anUnfollowedLargeTableIsComparedInFull() {
    CleanupPlan plan = planLarge(List.of("image"), ChangedRows.unknown(), Optional.empty());

    assertThat(String.join("\n", plan.statements()))
        .contains("WHERE NOT EXISTS (SELECT 1 FROM `tpl`.`image` p WHERE");
  }

  /** The plan for {@code dirty} on {@link #LARGE}: no counter to reset, no cascade known. */
  private static CleanupPlan planLarge(
      List<String> dirty, ChangedRows changes, Optional<KeyTables> keyTables) {
    return planLarge(dirty, changes, keyTables, false);
  }

  private static CleanupPlan planLarge(
      List<String> dirty, ChangedRows changes, Optional<KeyTables> keyTables, boolean inFull) {
    return new CleanupPlanner(dev.dbit.internal.template.RowOrigin.schema("tpl"), "copy", LARGE)
        .plan(
            dirty,
            Set.of(),
            false,
            changes,
            CascadeClosure.unknown(LARGE, dirty),
            keyTables,
            inFull);
  }

  /** A class kept it: its keys account only for what changed since, so it is compared in full. */
  @Test
  void aTrackedTableComparedInFullLosesItsRecordedKeysToo() {
    CleanupPlan plan =
        planLarge(List.of("image"), ChangedRows.unknown(), Optional.of(imageKeys()), true);

    assertThat(String.join("\n", plan.statements()))
        .contains("WHERE NOT EXISTS (SELECT 1 FROM `tpl`.`image` p WHERE")
        .contains("DELETE FROM `copy_dbit`.`keys_image`")
        .doesNotContain("JOIN `copy_dbit`.`keys_image`");
  }

  private static KeyTables imageKeys() {
    return new KeyTables(() -> null, "copy", LARGE, Map.of("image", "keys_image"));
  }

  @Test
  void aTableDbitsTriggersTrackGetsBackTheRowsOfTheRecordedKeysByAJoin() {
    CleanupPlan plan = planLarge(List.of("image"), ChangedRows.unknown(), Optional.of(imageKeys()));

    assertThat(plan.statements())
        .containsExactly(
            "START TRANSACTION",
            "DELETE `copy`.`image` FROM `copy`.`image` JOIN `copy_dbit`.`keys_image` ON"
                + " `copy`.`image`.`id` = `copy_dbit`.`keys_image`.`id`",
            "INSERT INTO `copy`.`image` SELECT * FROM `tpl`.`image` WHERE `id` IN (SELECT `id`"
                + " FROM `copy_dbit`.`keys_image`)",
            "DELETE FROM `copy_dbit`.`keys_image`",
            "COMMIT");
  }

  /**
   * No trigger fires for a cascaded row, and none while the account is incomplete: the table is
   * compared in full, and its key table emptied after.
   */
  @Test
  void aTrackedTableIsComparedInFullAfterACascadeOrADistrust() {
    KeyTables keys = imageKeys();

    String cascaded =
        String.join(
            "\n",
            planLarge(List.of("gallery", "image"), ChangedRows.unknown(), Optional.of(keys))
                .statements());
    keys.distrust();
    String distrusted =
        String.join(
            "\n",
            planLarge(List.of("image"), ChangedRows.unknown(), Optional.of(keys)).statements());

    for (String sql : List.of(cascaded, distrusted)) {
      assertThat(sql)
          .contains("DELETE FROM `copy`.`image` WHERE NOT EXISTS")
          .doesNotContain("JOIN `copy_dbit`.`keys_image`");
      String fromImage = sql.substring(sql.indexOf("DELETE FROM `copy`.`image` WHERE NOT EXISTS"));
      assertThat(fromImage)
          .containsSubsequence(
              "INSERT INTO `copy`.`image`", "DELETE FROM `copy_dbit`.`keys_image`", "COMMIT");
    }
  }
}
