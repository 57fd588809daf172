package dev.dbit.internal.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which logged changes of a self-referencing {@code category (id, parent_id, name)} release values
 * to its cascade: a delete, and an update that moves the row under another parent (a cascade may
 * then take it unseen); not an insert, nor an update of other columns.
 */
class CopyWatchTest {
  private static final ParentKey TREE =
      new ParentKey(
          "fk_parent",
          3,
          List.of(KeyColumn.of(0, "int", "int", null).orElseThrow()),
          true,
          false,
          List.of(1));

  private static Optional<Set<List<String>>> released(Serializable[] before, Serializable[] after) {
    CopyWatch watch = new CopyWatch(Map.of(), Map.of("category", List.of(TREE)));
    watch.changed("category", 3, before, after);
    return watch.take().rows().releasedBy("fk_parent");
  }

  private static Serializable[] row(int id, Integer parent, String name) {
    return new Serializable[] {id, parent, name};
  }

  @Test
  void aDeleteReleasesTheRowsKey() {
    assertThat(released(row(5, 2, "a"), null)).contains(Set.of(List.of("5")));
  }

  @Test
  void anUpdateOfOtherColumnsOrAnInsertReleasesNothing() {
    assertThat(released(row(5, 2, "a"), row(5, 2, "renamed"))).contains(Set.of());
    assertThat(released(null, row(41, 2, "new"))).contains(Set.of());
  }

  @Test
  void aRowMovedUnderAnotherParentReleasesItsKey() {
    assertThat(released(row(5, 2, "a"), row(5, 3, "a"))).contains(Set.of(List.of("5")));
  }
}
