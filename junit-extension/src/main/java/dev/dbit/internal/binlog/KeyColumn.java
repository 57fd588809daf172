package dev.dbit.internal.binlog;

import java.io.Serializable;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * A primary-key column as the row-based binary log carries it, and how to write its value back as
 * an SQL literal that finds the same row: integers as decimals (the log carries unsigned ones as
 * signed), strings as hex with the column's character set, so that the column's collation compares.
 *
 * @param index the column's position in a logged row, from 0
 * @param dataType the lower-case {@code DATA_TYPE} of {@code information_schema.COLUMNS}
 * @param unsigned whether the integer column is unsigned
 * @param charset the column's character set; empty for binary and integer columns
 */
record KeyColumn(int index, String dataType, boolean unsigned, Optional<String> charset) {

  /**
   * The column, when dbit can write its logged values back: integer, {@code CHAR}, {@code VARCHAR},
   * {@code BINARY}, {@code VARBINARY}. Empty for other types (dates, decimals), whose logged form
   * does not round-trip exactly.
   */
  static Optional<KeyColumn> of(int index, String dataType, String columnType, String charset) {
    String type = dataType.toLowerCase(Locale.ROOT);
    boolean supported =
        switch (type) {
          case "tinyint", "smallint", "mediumint", "int", "bigint" -> true;
          case "char", "varchar" -> charset != null && charset.matches("[a-z0-9_]+");
          case "binary", "varbinary" -> true;
          default -> false;
        };
    if (!supported) {
      return Optional.empty();
    }
    boolean unsigned = columnType.toLowerCase(Locale.ROOT).contains("unsigned");
    boolean text = type.equals("char") || type.equals("varchar");
    return Optional.of(
        new KeyColumn(index, type, unsigned, text ? Optional.of(charset) : Optional.empty()));
  }

  /** The logged value as a literal; empty when the value is not of the expected form. */
  Optional<String> literal(Serializable value) {
    if (value instanceof byte[] bytes) {
      if (dataType.endsWith("int")) {
        return Optional.empty();
      }
      String hex = "X'" + HexFormat.of().formatHex(bytes) + "'";
      return Optional.of(charset.map(c -> "_" + c + " " + hex).orElse(hex));
    }
    if (value instanceof Number number && dataType.endsWith("int")) {
      long signed = number.longValue();
      if (!unsigned || signed >= 0) {
        return Optional.of(Long.toString(signed));
      }
      return Optional.of(
          switch (dataType) {
            case "tinyint" -> Long.toString(signed & 0xFFL);
            case "smallint" -> Long.toString(signed & 0xFFFFL);
            case "mediumint" -> Long.toString(signed & 0xFFFFFFL);
            case "int" -> Long.toString(signed & 0xFFFFFFFFL);
            default -> new BigInteger(Long.toUnsignedString(signed)).toString();
          });
    }
    return Optional.empty();
  }
}
