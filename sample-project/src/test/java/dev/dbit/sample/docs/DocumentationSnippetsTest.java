package dev.dbit.sample.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every code block in README.md, CONTRIBUTING.md and docs/ is cut from a file the build compiles or
 * runs, so documentation cannot rot: a block preceded by {@code <!-- snippet: path#name -->} must
 * equal the lines between {@code snippet name {} and the next {@code }} marker comment in that file
 * (Java {@code //} or XML {@code <!-- -->} comments), indentation aside. Java blocks must have one.
 */
class DocumentationSnippetsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern BLOCK =
      Pattern.compile(
          "(?:<!-- snippet: ([^#]+)#([\\w-]+) -->\\n)?```(\\w*)\\n(.*?)```", Pattern.DOTALL);

  @Test
  void everyMarkedBlockEqualsItsSourceAndEveryJavaBlockIsMarked() throws IOException {
    List<String> checked = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path page : pages()) {
      Matcher block = BLOCK.matcher(Files.readString(page));
      while (block.find()) {
        String where = ROOT.relativize(page) + " block " + (checked.size() + problems.size() + 1);
        if (block.group(1) == null) {
          if (block.group(3).equals("java")) {
            problems.add(where + ": a java block without a snippet marker");
          }
          continue;
        }
        String source =
            region(ROOT.resolve(block.group(1)), block.group(2))
                .replace("${project.version}", projectVersion());
        if (!dedent(source).equals(dedent(block.group(4)))) {
          problems.add(where + ": differs from " + block.group(1) + "#" + block.group(2));
        } else {
          checked.add(where + " = " + block.group(1) + "#" + block.group(2));
        }
      }
    }
    System.out.println("documentation snippets checked against their sources:");
    checked.forEach(line -> System.out.println("  " + line));

    assertThat(problems).isEmpty();
    assertThat(checked).as("README's quick start at least").isNotEmpty();
  }

  /** The version in the root POM, which {@code ${project.version}} in a snippet stands for. */
  private static String projectVersion() {
    try {
      Matcher version =
          Pattern.compile("<artifactId>dbit-parent</artifactId>\\s*<version>([^<]+)</version>")
              .matcher(Files.readString(ROOT.resolve("pom.xml")));
      assertThat(version.find()).as("the root POM's version").isTrue();
      return version.group(1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages =
        new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  /** The lines between the {@code snippet name {} marker and the next closing marker. */
  static String region(Path file, String name) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    StringBuilder text = new StringBuilder();
    boolean inside = false;
    for (String line : lines) {
      String trimmed = line.trim();
      if (!inside && trimmed.matches("(//|<!--) snippet " + Pattern.quote(name) + " \\{( -->)?")) {
        inside = true;
      } else if (inside && trimmed.matches("(//|<!--) }( -->)?")) {
        return text.toString();
      } else if (inside) {
        text.append(line).append('\n');
      }
    }
    throw new AssertionError("no snippet '" + name + "' in " + file);
  }

  private static String dedent(String text) {
    List<String> lines = text.lines().toList();
    int indent =
        lines.stream()
            .filter(l -> !l.isBlank())
            .mapToInt(l -> l.length() - l.stripLeading().length())
            .min()
            .orElse(0);
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      out.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
    }
    return out.toString().strip();
  }
}
