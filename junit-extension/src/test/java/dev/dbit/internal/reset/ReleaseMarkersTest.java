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

/** Which release triggers a parent gets and what they keep, decided on a synthetic layout. */
class ReleaseMarkersTest {
  /** region -> store (delete and update cascade) -> shelf (delete only); all seeded. */
  private static final SchemaLayout LAYOUT =
      new SchemaLayout(
          List.of("region", "shelf", "store"),
          Map.of(
              "region", List.of("id"),
              "store", List.of("id", "region_id"),
              "shelf", List.of("id", "store_id")),
          List.of(),
          List.of(),
          Set.of(),
          Set.of(),
          Map.of(),
          List.of(
              new CascadingKey(
                  "fk_store",
                  "store",
                  List.of("region_id"),
                  "region",
                  List.of("id"),
                  "CASCADE",
                  "CASCADE"),
              new CascadingKey(
                  "fk_shelf",
                  "shelf",
                  List.of("store_id"),
                  "store",
                  List.of("id"),
                  "CASCADE",
                  "RESTRICT")),
          Set.of(),
          Set.of(),
          Set.of(),
          Map.of());

  private final ReleaseMarkers markers =
      new ReleaseMarkers("copy", LAYOUT, List.of("region", "shelf", "store"));

  @Test
  void aRootParentReleasesOnDeleteAndOnAKeyChangeOnly() {
    assertThat(markers.part("region", "INSERT")).isEmpty();
    assertThat(markers.part("region", "DELETE").orElseThrow())
        .contains("`copy_dbit`.`released_tables` (table_name) VALUES ('region')")
        .contains("VALUES (OLD.`id`)");
    assertThat(markers.part("region", "UPDATE").orElseThrow())
        .contains("IF NOT (OLD.`id` <=> NEW.`id` AND CAST(OLD.`id` AS BINARY) <=>")
        .contains("VALUES (OLD.`id`)")
        .contains("VALUES (NEW.`id`)");
  }

  /**
   * A store a test moves to another region may be taken by that region's cascade unseen: the move
   * releases its values. An insert or a change of other columns releases nothing.
   */
  @Test
  void aParentACascadeReachesReleasesARowItMovesUnderAnotherParent() {
    assertThat(markers.part("store", "INSERT")).isEmpty();
    assertThat(markers.part("store", "UPDATE").orElseThrow())
        .contains("IF NOT (OLD.`region_id` <=> NEW.`region_id` AND")
        .contains("VALUES (OLD.`id`)")
        .contains("VALUES (NEW.`id`)")
        .doesNotContain("OLD.`id` <=> NEW.`id`");
  }

  @Test
  void aLeafReleasesNothing() {
    for (String event : List.of("INSERT", "UPDATE", "DELETE")) {
      assertThat(markers.part("shelf", event)).as(event).isEmpty();
    }
  }

  @Test
  void onlyAParentWithItsReleaseMarkerHandsOverValues() {
    ChangedRows changes = markers.changes(Set.of("region", "store"), Set.of("store"));

    assertThat(changes.releasedBy("fk_store")).contains(Set.of());
    assertThat(changes.valueTables())
        .isEqualTo(Map.of("fk_shelf", "`copy_dbit`.`released_fk_shelf`"));
    assertThat(markers.createValueTablesSql(Set.of("released_fk_store")))
        .singleElement()
        .asString()
        .startsWith("CREATE TABLE `copy_dbit`.`released_fk_shelf` (UNIQUE KEY (`id`))");
    assertThat(Optional.of(markers.clearValuesSql(List.of("region"))))
        .contains("DELETE FROM `copy_dbit`.`released_fk_store`");
  }
}
