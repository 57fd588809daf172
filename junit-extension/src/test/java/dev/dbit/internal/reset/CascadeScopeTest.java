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

/** How far a cascade reaches, decided on synthetic layouts and logs. */
class CascadeScopeTest {
  private static final CascadingKey STORE_REGION =
      key("fk_store_region", "store", "region_id", "region", "CASCADE", "CASCADE");
  private static final CascadingKey SHELF_STORE =
      key("fk_shelf_store", "shelf", "store_id", "store", "CASCADE", "RESTRICT");
  private static final CascadingKey PICTURE_SHELF =
      key("fk_picture_shelf", "picture", "shelf_id", "shelf", "SET NULL", "RESTRICT");

  private static CascadingKey key(
      String name, String child, String column, String parent, String onDelete, String onUpdate) {
    return new CascadingKey(
        name, child, List.of(column), parent, List.of("id"), onDelete, onUpdate);
  }

  /** region (10 rows) -> store -> shelf -> picture (large, keyed by id); every level seeded. */
  private static SchemaLayout layout(List<CascadingKey> keys) {
    return new SchemaLayout(
        List.of("picture", "region", "shelf", "store"),
        Map.of(
            "region", List.of("id", "name"),
            "store", List.of("id", "region_id"),
            "shelf", List.of("id", "store_id"),
            "picture", List.of("id", "shelf_id")),
        List.of(),
        List.of(),
        Set.of(),
        Set.of(),
        Map.of(),
        keys,
        Set.of(),
        Set.of(),
        Set.of(),
        Map.of("picture", List.of("id")));
  }

  private static final SchemaLayout CHAIN =
      layout(List.of(STORE_REGION, SHELF_STORE, PICTURE_SHELF));

  private static ChangedRows logged(Map<String, Set<List<String>>> released) {
    return new ChangedRows(
        Map.of(),
        Set.of("picture"),
        released,
        Set.of("fk_store_region", "fk_shelf_store", "fk_picture_shelf"));
  }

  private static String plan(SchemaLayout layout, List<String> dirty, ChangedRows changes) {
    return String.join(
        "\n",
        new CleanupPlanner("tpl", "copy", layout)
            .plan(dirty, Set.of(), false, changes, Optional.empty())
            .statements());
  }

  @Test
  void aParentChangedWithoutAKeyChangeReachesNothing() {
    CascadeScope scope = CascadeScope.of(CHAIN, "tpl", List.of("region"), logged(Map.of()));

    assertThat(scope.reached()).isEmpty();
    assertThat(plan(CHAIN, List.of("region"), logged(Map.of())))
        .doesNotContain("picture")
        .doesNotContain("store");
  }

  @Test
  void aDeletedParentReachesTheRowsUnderItsKeyThreeLevelsDown() {
    ChangedRows deleted = logged(Map.of("fk_store_region", Set.of(List.of("3"))));

    CascadeScope scope = CascadeScope.of(CHAIN, "tpl", List.of("region"), deleted);

    assertThat(scope.reached()).containsExactly("picture", "shelf", "store");
    assertThat(scope.inFull("picture")).isFalse();
    assertThat(plan(CHAIN, List.of("region"), deleted))
        .contains(
            "DELETE `copy`.`picture` FROM `copy`.`picture` JOIN `tpl`.`picture` ON"
                + " `copy`.`picture`.`id` = `tpl`.`picture`.`id` WHERE"
                + " `tpl`.`picture`.`shelf_id` IN (SELECT `tpl`.`shelf`.`id` FROM `tpl`.`shelf`"
                + " WHERE `tpl`.`shelf`.`store_id` IN (SELECT `tpl`.`store`.`id` FROM"
                + " `tpl`.`store` WHERE `tpl`.`store`.`region_id` IN (3)))")
        .contains("INSERT INTO `copy`.`picture` SELECT * FROM `tpl`.`picture` WHERE")
        .doesNotContain("NOT EXISTS");
  }

  @Test
  void rowsTheTestWroteAndRowsACascadeReachedAreRestoredTogether() {
    ChangedRows changes =
        new ChangedRows(
            Map.of("picture", Set.of(List.of("7"))),
            Set.of("picture"),
            Map.of("fk_picture_shelf", Set.of(List.of("40"))),
            Set.of("fk_store_region", "fk_shelf_store", "fk_picture_shelf"));

    assertThat(plan(CHAIN, List.of("shelf", "picture"), changes))
        .contains("DELETE FROM `copy`.`picture` WHERE `copy`.`picture`.`id` IN (7)")
        .contains("DELETE FROM `copy`.`picture` WHERE `copy`.`picture`.`shelf_id` IN (40)")
        .contains(
            "INSERT INTO `copy`.`picture` SELECT * FROM `tpl`.`picture` WHERE"
                + " `tpl`.`picture`.`id` IN (7)")
        .contains(
            "INSERT INTO `copy`.`picture` SELECT * FROM `tpl`.`picture` WHERE"
                + " `tpl`.`picture`.`shelf_id` IN (40) AND (`tpl`.`picture`.`id` IN (7)) IS NOT"
                + " TRUE");
  }

  @Test
  void aParentThatReleasedValuesCountsEvenWhenItNoLongerDiffers() {
    ChangedRows deleted = logged(Map.of("fk_store_region", Set.of(List.of("3"))));

    CascadeScope scope = CascadeScope.of(CHAIN, "tpl", List.of("store"), deleted);

    assertThat(scope.reached()).contains("store", "shelf", "picture");
    assertThat(scope.inFull("picture")).isFalse();
  }

  @Test
  void valuesKeptByTriggersStandInForTheLoggedOnes() {
    ChangedRows kept =
        ChangedRows.unknown()
            .withQuietKeys(Set.of("fk_shelf_store", "fk_picture_shelf"))
            .withValueTables(Map.of("fk_store_region", "`copy_dbit`.`released_fk_store_region`"));

    CascadeScope scope = CascadeScope.of(CHAIN, "tpl", List.of("region"), kept);

    assertThat(scope.reached()).containsExactly("picture", "shelf", "store");
    assertThat(scope.inFull("picture")).isFalse();
    assertThat(plan(CHAIN, List.of("region"), kept))
        .contains(
            "`tpl`.`store`.`region_id` IN (SELECT `copy_dbit`.`released_fk_store_region`.`id`"
                + " FROM `copy_dbit`.`released_fk_store_region`)");
  }

  @Test
  void aParentChangeTheLogDidNotFollowSendsEveryTableBelowToAFullComparison() {
    CascadeScope scope = CascadeScope.of(CHAIN, "tpl", List.of("region"), ChangedRows.unknown());

    assertThat(scope.inFull("store")).isTrue();
    assertThat(scope.inFull("picture")).isTrue();
    assertThat(plan(CHAIN, List.of("region"), ChangedRows.unknown()))
        .contains("DELETE FROM `copy`.`picture` WHERE NOT EXISTS");
  }

  @Test
  void aCycleOfCascadesIsComparedInFull() {
    CascadingKey back =
        key("fk_region_picture", "region", "cover_id", "picture", "SET NULL", "RESTRICT");
    SchemaLayout cyclic = layout(List.of(STORE_REGION, SHELF_STORE, PICTURE_SHELF, back));
    ChangedRows deleted =
        new ChangedRows(
            Map.of(),
            Set.of("picture"),
            Map.of("fk_store_region", Set.of(List.of("3"))),
            Set.of("fk_store_region", "fk_shelf_store", "fk_picture_shelf", "fk_region_picture"));

    CascadeScope scope = CascadeScope.of(cyclic, "tpl", List.of("region"), deleted);

    assertThat(scope.inFull("shelf")).isTrue();
    assertThat(scope.inFull("picture")).isTrue();
  }

  @Test
  void aCascadeThatRewritesAColumnTheNextKeyRefersToSendsTheNextLevelToAFullComparison() {
    // shelf refers to store's region_id, which the cascade from region rewrites.
    CascadingKey shelfByRegion =
        new CascadingKey(
            "fk_shelf_store",
            "shelf",
            List.of("region_id"),
            "store",
            List.of("region_id"),
            "CASCADE",
            "CASCADE");
    SchemaLayout rewriting = layout(List.of(STORE_REGION, shelfByRegion, PICTURE_SHELF));
    ChangedRows changed = logged(Map.of("fk_store_region", Set.of(List.of("3"), List.of("11"))));

    CascadeScope scope = CascadeScope.of(rewriting, "tpl", List.of("region"), changed);

    assertThat(scope.inFull("store")).isFalse();
    assertThat(scope.inFull("shelf")).isTrue();
    assertThat(scope.inFull("picture")).isTrue();
  }
}
