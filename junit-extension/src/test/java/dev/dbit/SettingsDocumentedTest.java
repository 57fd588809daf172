package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/settings.md's table and the keys on {@link DbIntegrationTest} name the same settings, so
 * that neither can drift from the other: a key added without its row, or a row for a key that is
 * gone, fails here.
 */
class SettingsDocumentedTest {
  private static final Path SETTINGS = Path.of("..", "docs", "settings.md");

  @Test
  void everyKeyHasItsRowAndEveryRowItsKey() throws IOException, IllegalAccessException {
    Set<String> keys = new TreeSet<>();
    for (Field field : DbIntegrationTest.class.getFields()) {
      if (field.getType() == String.class) {
        keys.add((String) field.get(null));
      }
    }
    Set<String> rows = new TreeSet<>();
    // A row starts with its key or keys: `dbit.x` or `DBIT_PASSWORD` (environment) or `dbit.y`.
    Matcher row = Pattern.compile("(?m)^\\| ([^|]*)\\|").matcher(Files.readString(SETTINGS));
    while (row.find()) {
      Matcher key = Pattern.compile("`(dbit\\.[a-z.-]+)`").matcher(row.group(1));
      while (key.find()) {
        rows.add(key.group(1));
      }
    }

    assertThat(rows).isEqualTo(keys);
  }
}
