package dev.dbit.internal.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Logged key values written back as literals that find the same row. */
class KeyColumnTest {

  @Test
  void unsignedIntegersComeBackFromTheirSignedLoggedForm() {
    assertThat(column("tinyint", "tinyint(3) unsigned").literal(-56)).contains("200");
    assertThat(column("int", "int(10) unsigned").literal(-1)).contains("4294967295");
    assertThat(column("bigint", "bigint(20) unsigned").literal(-1L))
        .contains("18446744073709551615");
    assertThat(column("int", "int(11)").literal(-1)).contains("-1");
  }

  @Test
  void stringsAreHexWithTheColumnsCharacterSetSoTheColumnsCollationCompares() {
    KeyColumn text = KeyColumn.of(0, "varchar", "varchar(40)", "utf8mb4").orElseThrow();
    assertThat(text.literal("Zürich".getBytes(StandardCharsets.UTF_8)))
        .contains("_utf8mb4 X'5ac3bc72696368'");
    KeyColumn binary = KeyColumn.of(0, "varbinary", "varbinary(16)", null).orElseThrow();
    assertThat(binary.literal(new byte[] {0, -1})).contains("X'00ff'");
  }

  @Test
  void typesWhoseLoggedFormDoesNotRoundTripAreNotFollowed() {
    assertThat(KeyColumn.of(0, "datetime", "datetime", null)).isEmpty();
    assertThat(KeyColumn.of(0, "decimal", "decimal(10,2)", null)).isEmpty();
    assertThat(column("int", "int(11)").literal("7")).isEmpty();
  }

  private static KeyColumn column(String dataType, String columnType) {
    return KeyColumn.of(0, dataType, columnType, null).orElseThrow();
  }
}
