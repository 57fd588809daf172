package dev.dbit.internal.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How two accounts of the binary log add up: what the reset after both readings restores. */
class LogAccountTest {

  private static LogAccount account(Set<String> written, ChangedRows rows) {
    return new LogAccount(Optional.of(written), rows);
  }

  private static ChangedRows rows(
      Map<String, Set<List<String>>> keys,
      Set<String> followed,
      Map<String, Set<List<String>>> released,
      Set<String> followedKeys) {
    return new ChangedRows(keys, followed, released, followedKeys);
  }

  @Test
  void tablesWrittenInEitherAreWrittenAndTheirKeysAddUp() {
    LogAccount first =
        account(
            Set.of("gallery"),
            rows(
                Map.of("gallery", Set.of(List.of("1"))),
                Set.of("gallery", "city"),
                Map.of(),
                Set.of("fk")));
    LogAccount second =
        account(
            Set.of("gallery", "orders"),
            rows(
                Map.of("gallery", Set.of(List.of("2"))),
                Set.of("gallery", "city"),
                Map.of("fk", Set.of(List.of("'x'"))),
                Set.of("fk")));

    LogAccount both = first.and(second);

    assertThat(both.written()).contains(Set.of("gallery", "orders"));
    assertThat(both.rows().of("gallery")).contains(Set.of(List.of("1"), List.of("2")));
    assertThat(both.rows().of("city")).contains(Set.of());
    assertThat(both.rows().releasedBy("fk")).contains(Set.of(List.of("'x'")));
  }

  @Test
  void aTableOrKeyEitherStoppedFollowingIsComparedInFull() {
    LogAccount first =
        account(Set.of("gallery"), rows(Map.of(), Set.of("city"), Map.of(), Set.of()));
    LogAccount second =
        account(
            Set.of("city"),
            rows(
                Map.of("city", Set.of(List.of("7"))),
                Set.of("gallery", "city"),
                Map.of(),
                Set.of("fk")));

    LogAccount both = first.and(second);

    assertThat(both.rows().of("gallery")).isEmpty();
    assertThat(both.rows().of("city")).contains(Set.of(List.of("7")));
    assertThat(both.rows().releasedBy("fk")).isEmpty();
  }

  @Test
  void anAccountOfNothingWrittenKeepsTheOthersRowsAsTheyAre() {
    ChangedRows later =
        rows(Map.of("gallery", Set.of(List.of("3"))), Set.of("gallery"), Map.of(), Set.of());

    assertThat(LogAccount.nothing().and(account(Set.of("gallery"), later)).rows()).isEqualTo(later);
    assertThat(account(Set.of("gallery"), later).and(LogAccount.nothing()).rows()).isEqualTo(later);
  }

  @Test
  void anIncompleteAccountMakesTheWholeIncomplete() {
    LogAccount written = account(Set.of("gallery"), ChangedRows.unknown());

    assertThat(written.and(LogAccount.unknown()).complete()).isFalse();
    assertThat(LogAccount.unknown().and(written).complete()).isFalse();
    assertThat(LogAccount.unknown().and(written).written()).isEmpty();
  }
}
