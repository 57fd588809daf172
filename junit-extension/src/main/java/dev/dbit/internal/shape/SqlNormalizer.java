package dev.dbit.internal.shape;

/**
 * One pass over a statement's text that keeps its shape: string, number and hex literals and bound
 * parameters become {@code ?}, comments go, whitespace runs become one space, words are lower case
 * (quoted identifiers keep theirs), and a parenthesised list of nothing but values, such as an
 * {@code IN} list or a {@code VALUES} row, becomes {@code (...)}, repeated rows once.
 */
final class SqlNormalizer {
  private SqlNormalizer() {}

  static String normalize(String sql) {
    StringBuilder out = new StringBuilder(sql.length());
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i = skipWhitespace(sql, i);
        space(out);
      } else if (c == '\'' || c == '"') {
        i = skipQuoted(sql, i, c);
        value(out);
      } else if (c == '`') {
        int end = skipQuoted(sql, i, '`');
        out.append(sql, i, end);
        i = end;
      } else if (c == '#' || (c == '-' && startsDashComment(sql, i))) {
        i = skipToLineEnd(sql, i);
        space(out);
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        space(out);
      } else if (Character.isDigit(c) && !afterWordCharacter(out)) {
        i = skipNumber(sql, i);
        value(out);
      } else if (c == '?') {
        value(out);
        i++;
      } else if (isWordCharacter(c)) {
        int end = i;
        while (end < n && isWordCharacter(sql.charAt(end))) {
          end++;
        }
        if (end < n && sql.charAt(end) == '\'' && end - i == 1 && "xXbB".indexOf(c) >= 0) {
          i = skipQuoted(sql, end, '\'');
          value(out);
        } else {
          appendLower(out, sql, i, end);
          i = end;
        }
      } else {
        out.append(c);
        i++;
      }
    }
    return collapseValueLists(out.toString().strip());
  }

  /** {@code ( ? , ? )} becomes {@code (...)}; {@code (...), (...)} becomes {@code (...)}. */
  static String collapseValueLists(String shape) {
    StringBuilder out = new StringBuilder(shape.length());
    int i = 0;
    while (i < shape.length()) {
      int end = valueListEnd(shape, i);
      if (end < 0) {
        out.append(shape.charAt(i++));
        continue;
      }
      boolean repeatsARow = endsWithRowAndComma(out);
      if (repeatsARow) {
        out.setLength(out.lastIndexOf("(...)") + "(...)".length());
      } else {
        out.append("(...)");
      }
      i = end;
    }
    return out.toString();
  }

  /** The index after a {@code (} list of only {@code ?} and commas starting at {@code i}, or -1. */
  private static int valueListEnd(String shape, int i) {
    if (shape.charAt(i) != '(') {
      return -1;
    }
    boolean sawValue = false;
    for (int j = i + 1; j < shape.length(); j++) {
      char c = shape.charAt(j);
      if (c == ')') {
        return sawValue ? j + 1 : -1;
      }
      if (c == '?') {
        sawValue = true;
      } else if (c != ',' && c != ' ') {
        return -1;
      }
    }
    return -1;
  }

  private static boolean endsWithRowAndComma(StringBuilder out) {
    String tail = out.toString().stripTrailing();
    if (!tail.endsWith(",")) {
      return false;
    }
    return tail.substring(0, tail.length() - 1).stripTrailing().endsWith("(...)");
  }

  private static void value(StringBuilder out) {
    out.append('?');
  }

  private static void space(StringBuilder out) {
    if (out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
      out.append(' ');
    }
  }

  private static void appendLower(StringBuilder out, String sql, int from, int to) {
    for (int k = from; k < to; k++) {
      out.append(Character.toLowerCase(sql.charAt(k)));
    }
  }

  private static boolean isWordCharacter(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '@';
  }

  private static boolean afterWordCharacter(StringBuilder out) {
    return out.length() > 0 && isWordCharacter(out.charAt(out.length() - 1));
  }

  private static boolean startsDashComment(String sql, int i) {
    return i + 1 < sql.length()
        && sql.charAt(i + 1) == '-'
        && (i + 2 == sql.length() || Character.isWhitespace(sql.charAt(i + 2)));
  }

  private static int skipWhitespace(String sql, int i) {
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The index after the quoted text starting at {@code i}: doubled quotes and backslashes kept. */
  private static int skipQuoted(String sql, int i, char quote) {
    int j = i + 1;
    while (j < sql.length()) {
      char c = sql.charAt(j);
      if (c == '\\' && quote != '`') {
        j += 2;
      } else if (c == quote) {
        if (j + 1 < sql.length() && sql.charAt(j + 1) == quote) {
          j += 2;
        } else {
          return j + 1;
        }
      } else {
        j++;
      }
    }
    return sql.length();
  }

  private static int skipToLineEnd(String sql, int i) {
    int end = sql.indexOf('\n', i);
    return end < 0 ? sql.length() : end + 1;
  }

  /** Digits, a decimal point, an exponent or a hex number ({@code 0x1F}). */
  private static int skipNumber(String sql, int i) {
    int j = i;
    if (sql.startsWith("0x", i) || sql.startsWith("0X", i)) {
      j += 2;
      while (j < sql.length() && Character.digit(sql.charAt(j), 16) >= 0) {
        j++;
      }
      return j;
    }
    while (j < sql.length()) {
      char c = sql.charAt(j);
      boolean exponentSign =
          (c == '+' || c == '-') && (sql.charAt(j - 1) == 'e' || sql.charAt(j - 1) == 'E');
      if (Character.isDigit(c) || c == '.' || c == 'e' || c == 'E' || exponentSign) {
        j++;
      } else {
        break;
      }
    }
    return j;
  }
}
