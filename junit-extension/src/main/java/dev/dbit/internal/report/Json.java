package dev.dbit.internal.report;

import java.util.Locale;
import java.util.OptionalDouble;

/** The little JSON dbit writes: string escaping and number formatting. */
final class Json {
  private Json() {}

  static String string(String value) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '<' -> out.append("\\u003c");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  static String number(OptionalDouble value) {
    return value.isPresent() ? String.format(Locale.ROOT, "%.3f", value.getAsDouble()) : "null";
  }
}
