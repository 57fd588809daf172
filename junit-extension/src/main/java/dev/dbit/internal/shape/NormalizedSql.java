package dev.dbit.internal.shape;

import dev.dbit.StatementKind;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A statement's shape ({@link SqlNormalizer}) and kind. Shapes are cached per SQL text, as a pool's
 * statements repeat the same few texts; the cache stops growing at {@value #CACHE_LIMIT} texts (a
 * test suite that builds SQL with literals inlined), after which shapes are computed anew.
 *
 * @param text the normalised SQL
 * @param kind what the statement does
 */
public record NormalizedSql(String text, StatementKind kind) {
  static final int CACHE_LIMIT = 10_000;
  private static final Map<String, NormalizedSql> CACHE = new ConcurrentHashMap<>();

  /** The shape of {@code sql}. */
  public static NormalizedSql of(String sql) {
    NormalizedSql cached = CACHE.get(sql);
    if (cached != null) {
      return cached;
    }
    String text = SqlNormalizer.normalize(sql);
    NormalizedSql shape = new NormalizedSql(text, kindOf(text));
    if (CACHE.size() < CACHE_LIMIT) {
      CACHE.putIfAbsent(sql, shape);
    }
    return shape;
  }

  /**
   * The kind from the first word outside parentheses; after {@code WITH}, from the first of select,
   * insert, update or delete at the top level, past the common table expressions.
   */
  static StatementKind kindOf(String shape) {
    int depth = 0;
    boolean first = true;
    int i = 0;
    while (i < shape.length()) {
      char c = shape.charAt(i);
      if (c == '(') {
        depth++;
        i++;
      } else if (c == ')') {
        depth--;
        i++;
      } else if (Character.isLetter(c)) {
        int end = i;
        while (end < shape.length() && Character.isLetter(shape.charAt(end))) {
          end++;
        }
        if (depth <= 0 || first) {
          StatementKind kind = kindOfWord(shape.substring(i, end));
          if (kind != null) {
            return kind;
          }
          if (first && !shape.startsWith("with", i)) {
            return StatementKind.OTHER;
          }
        }
        first = false;
        i = end;
      } else {
        i++;
      }
    }
    return StatementKind.OTHER;
  }

  private static StatementKind kindOfWord(String word) {
    return switch (word) {
      case "select" -> StatementKind.SELECT;
      case "insert", "replace" -> StatementKind.INSERT;
      case "update" -> StatementKind.UPDATE;
      case "delete" -> StatementKind.DELETE;
      default -> null;
    };
  }
}
