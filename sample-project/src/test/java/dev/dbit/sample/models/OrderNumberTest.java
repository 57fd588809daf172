package dev.dbit.sample.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.sample.model.OrderNumber;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class OrderNumberTest {
  @Test
  void carriesDayAndSequence() {
    assertThat(OrderNumber.of(LocalDate.of(2026, 11, 29), 42).value())
        .isEqualTo("SO-20261129-000042");
  }

  @Test
  void rejectsSequencesOutOfRange() {
    assertThatThrownBy(() -> OrderNumber.of(LocalDate.of(2026, 1, 1), 0))
        .hasMessage("daily sequence out of range: 0");
  }
}
