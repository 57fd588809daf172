package dev.dbit.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SqlIdentifiersTest {
  @Test
  void identifiersAreQuotedWithBackticksDoubled() {
    assertThat(SqlIdentifiers.quote("order")).isEqualTo("`order`");
    assertThat(SqlIdentifiers.quote("weird`name")).isEqualTo("`weird``name`");
    assertThat(SqlIdentifiers.qualified("a`b", "c d")).isEqualTo("`a``b`.`c d`");
  }

  @Test
  void literalsDoubleQuotesAndRefuseBackslashes() {
    assertThat(SqlIdentifiers.literal("it's")).isEqualTo("'it''s'");
    assertThatThrownBy(() -> SqlIdentifiers.literal("a\\' OR 1=1 -- "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("dbit: cannot name ")
        .hasMessageEndingWith("Rename it without one.");
  }
}
