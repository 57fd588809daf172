package dev.dbit.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SurefireLineTest {
  @Test
  void oneLineWithQuotedValuesWhereNeeded() {
    Map<String, String> entries = new LinkedHashMap<>();
    entries.put("dbit.wall-ms", "12.500");
    entries.put("dbit.verdict", "ok: 3 statements, \"few\"");

    assertThat(SurefireLine.format(entries))
        .isEqualTo("[dbit] dbit.wall-ms=12.500 dbit.verdict=\"ok: 3 statements, \\\"few\\\"\"");
  }
}
