package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The code maps a newcomer reads first (CONTRIBUTING's Layout, {@code internal/package-info.java})
 * name every package of the implementation and every public type, so that they cannot go stale.
 */
class CodeMapTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path SOURCES = ROOT.resolve("junit-extension/src/main/java/dev/dbit");

  @Test
  void packageInfoAndContributingNameEveryInternalPackage() throws IOException {
    Set<String> packages;
    try (Stream<Path> dirs = Files.list(SOURCES.resolve("internal"))) {
      packages =
          dirs.filter(Files::isDirectory)
              .map(d -> d.getFileName().toString())
              .collect(Collectors.toCollection(TreeSet::new));
    }
    String packageInfo = Files.readString(SOURCES.resolve("internal/package-info.java"));
    String layout = layout();

    assertThat(codeNames(packageInfo)).containsAll(packages);
    assertThat(codeNames(layout)).containsAll(packages);
  }

  @Test
  void contributingListsEveryPublicType() throws IOException {
    Set<String> types;
    try (Stream<Path> files = Files.list(SOURCES)) {
      types =
          files
              .map(f -> f.getFileName().toString())
              .filter(n -> n.endsWith(".java") && !n.equals("package-info.java"))
              .map(n -> n.substring(0, n.length() - ".java".length()))
              .collect(Collectors.toCollection(TreeSet::new));
    }
    Matcher api = Pattern.compile("Public API in `dev.dbit` \\(([^)]*)\\)").matcher(layout());

    assertThat(api.find()).as("CONTRIBUTING names the public API").isTrue();
    assertThat(codeNames(api.group(1))).isEqualTo(types);
  }

  private static String layout() throws IOException {
    String contributing = Files.readString(ROOT.resolve("CONTRIBUTING.md"));
    return contributing.substring(contributing.indexOf("## Layout"));
  }

  /** The names in {@code `...`} or {@code {@code ...}} of {@code text}. */
  private static Set<String> codeNames(String text) {
    Set<String> names = new TreeSet<>();
    String joined = text.replaceAll("\\s*\\n\\s*\\*?\\s*", " ");
    Matcher code = Pattern.compile("`([\\w.]+)`|\\{@code (\\w+)\\}").matcher(joined);
    while (code.find()) {
      names.add(code.group(1) != null ? code.group(1) : code.group(2));
    }
    return names;
  }
}
