package dev.dbit.sample.model;

import java.time.LocalDate;
import java.util.regex.Pattern;

/** Order numbers like {@code SO-20261129-000042}: date of placing and a daily sequence. */
public record OrderNumber(String value) {
  private static final Pattern SHAPE = Pattern.compile("SO-\\d{8}-\\d{6}");

  public OrderNumber {
    if (!SHAPE.matcher(value).matches()) {
      throw new IllegalArgumentException("not an order number: " + value);
    }
  }

  public static OrderNumber of(LocalDate day, long sequence) {
    if (sequence < 1 || sequence > 999_999) {
      throw new IllegalArgumentException("daily sequence out of range: " + sequence);
    }
    return new OrderNumber(String.format("SO-%1$tY%1$tm%1$td-%2$06d", day, sequence));
  }
}
