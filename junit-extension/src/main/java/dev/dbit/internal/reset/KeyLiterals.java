package dev.dbit.internal.reset;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Key values read back from the server as SQL literals that find the same rows: numbers as
 * decimals, binary strings and text as hex (text with {@code _utf8mb4}, so that the column's
 * collation compares and no character needs escaping).
 */
final class KeyLiterals {
  private KeyLiterals() {}

  /**
   * Columns {@code from} to {@code from + count - 1} of {@code row}; null when one is {@code NULL},
   * which no foreign key refers to.
   */
  static List<String> read(ResultSet row, int from, int count) throws SQLException {
    List<String> values = new ArrayList<>(count);
    for (int i = from; i < from + count; i++) {
      Object value = row.getObject(i);
      if (value == null) {
        return null;
      }
      values.add(literal(value, row, i));
    }
    return values;
  }

  private static String literal(Object value, ResultSet row, int column) throws SQLException {
    if (value instanceof Boolean bool) {
      return bool ? "1" : "0";
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof Number number) {
      return number.toString();
    }
    if (value instanceof byte[] bytes) {
      return "X'" + HexFormat.of().formatHex(bytes) + "'";
    }
    byte[] text = row.getString(column).getBytes(StandardCharsets.UTF_8);
    return "_utf8mb4 X'" + HexFormat.of().formatHex(text) + "'";
  }
}
