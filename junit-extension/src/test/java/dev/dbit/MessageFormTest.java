package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every message dbit raises or logs starts with {@code dbit:} (docs/troubleshooting.md): each
 * exception created with a text that begins with a literal, and each log line, in the main sources
 * (a message composed elsewhere, as the Testcontainers failures are, is checked where it is built).
 * Left out by kind, each for a reason: exceptions dbit catches and words again itself (the embedded
 * servers' I/O, the binary log follower's wait), a test's {@code @ExpectStatements} verdict (named
 * like the reports), and the few that state a broken invariant (named below, word for word).
 */
class MessageFormTest {
  private static final Path SOURCES = Path.of("src/main/java");

  private static final Pattern RAISED =
      Pattern.compile("new\\s+(\\w+(?:Exception|Error))\\(\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern LOGGED =
      Pattern.compile(
          "LOG\\.log\\(\\s*(?:System\\.Logger\\.)?Level\\.\\w+,\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

  /** Caught inside dbit and worded again in a message of its own. */
  private static final Set<String> REWORDED = Set.of("IOException", "TimeoutException");

  /** Broken invariants and API contracts: no user can act on them, none is expected to occur. */
  private static final Set<String> INVARIANTS =
      Set.of(
          "auto must be resolved by choose()",
          "every Java runtime has SHA-256",
          "not a wrapper for ");

  @Test
  void everyMessageStartsWithDbit() throws IOException {
    List<String> checked = new ArrayList<>();
    List<String> offending = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String source = Files.readString(file);
        Matcher raised = RAISED.matcher(source);
        while (raised.find()) {
          String type = raised.group(1);
          String text = raised.group(2);
          boolean exempt =
              REWORDED.contains(type)
                  || INVARIANTS.contains(text)
                  || (type.equals("AssertionError") && text.equals("expected "));
          if (!exempt) {
            checked.add(text);
            if (!text.startsWith("dbit:")) {
              offending.add(file.getFileName() + ": new " + type + "(\"" + text + "\"");
            }
          }
        }
        Matcher logged = LOGGED.matcher(source);
        while (logged.find()) {
          checked.add(logged.group(1));
          if (!logged.group(1).startsWith("dbit:")) {
            offending.add(file.getFileName() + ": LOG.log(\"" + logged.group(1) + "\"");
          }
        }
      }
    }
    System.out.println("message form: " + checked.size() + " messages checked");

    assertThat(checked).hasSizeGreaterThan(80);
    assertThat(offending).isEmpty();
  }
}
