package dev.dbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** A password given to dbit appears in no log line, report entry, output or exception. */
class SecretsTest {
  private static final String USER = "dbit_secret_test";
  private static final String PASSWORD = "Pw-" + UUID.randomUUID();

  @BeforeAll
  static void createUserWithPassword() throws SQLException {
    assumeThat(ExternalServerTest.reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    rootExecute(
        "CREATE USER IF NOT EXISTS '" + USER + "'@'%' IDENTIFIED BY '" + PASSWORD + "'",
        "CREATE USER IF NOT EXISTS '" + USER + "'@'localhost' IDENTIFIED BY '" + PASSWORD + "'",
        "ALTER USER '" + USER + "'@'%' IDENTIFIED BY '" + PASSWORD + "'",
        "ALTER USER '" + USER + "'@'localhost' IDENTIFIED BY '" + PASSWORD + "'",
        "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'%'",
        "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'localhost'");
  }

  @AfterAll
  static void dropUser() throws SQLException {
    if (ExternalServerTest.reachable()) {
      rootExecute(
          "DROP USER IF EXISTS '" + USER + "'@'%'",
          "DROP USER IF EXISTS '" + USER + "'@'localhost'");
    }
  }

  @Test
  void thePasswordIsNeverPrinted() {
    Map<String, String> good =
        Map.of(
            "dbit.url",
            "jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED",
            "dbit.user",
            USER,
            "dbit.password.file",
            DbitTestKit.passwordFile(PASSWORD),
            "dbit.jdbc.params",
            TransportStallTest.STALLING_DRIVER);
    Map<String, String> wrong = new java.util.HashMap<>(good);
    wrong.put("dbit.password.file", DbitTestKit.passwordFile(PASSWORD + "-wrong"));

    List<String> seen = new ArrayList<>();
    Capture capture = new Capture();
    try {
      EngineExecutionResults working =
          DbitTestKit.run(ReportEntriesTest.ThreeStatementsTestCase.class, good);
      EngineExecutionResults stalled =
          DbitTestKit.run(StallFixtures.PreparedStatementsTestCase.class, good);
      // A session of its own: the server dbit reached with the right password is kept by URL and
      // user, and a run with another password must connect anew.
      EngineExecutionResults refused =
          DbitTestKit.runInOwnSession(ReportEntriesTest.ThreeStatementsTestCase.class, wrong);
      DbitTestKit.assertAllSucceeded(working, 1);
      assertThat(stalled.testEvents().failed().count())
          .as("the stall report was produced")
          .isEqualTo(1);
      assertThat(refused.containerEvents().failed().count())
          .as("the wrong password was refused")
          .isEqualTo(1);
      for (EngineExecutionResults results : List.of(working, stalled, refused)) {
        results.allEvents().reportingEntryPublished().stream()
            .map(event -> event.getRequiredPayload(ReportEntry.class).toString())
            .forEach(seen::add);
        results.allEvents().stream()
            .flatMap(
                event ->
                    event
                        .getPayload(TestExecutionResult.class)
                        .flatMap(TestExecutionResult::getThrowable)
                        .stream())
            .forEach(throwable -> seen.add(describe(throwable)));
      }
    } finally {
      capture.close();
    }
    seen.addAll(capture.lines());

    assertThat(String.join("\n", seen))
        .contains("transport stall:")
        .contains("cannot connect to 127.0.0.1:3306 as " + USER)
        .doesNotContain(PASSWORD);
  }

  @Test
  void aPasswordSystemPropertyIsRefusedWithoutItsValue() {
    String before = System.getProperty("dbit.password");
    Capture capture = new Capture();
    EngineExecutionResults results;
    try {
      // What -Ddbit.password=... does to the JVM that Surefire forks.
      System.setProperty("dbit.password", PASSWORD);
      results =
          DbitTestKit.runInOwnSession(
              ReportEntriesTest.ThreeStatementsTestCase.class,
              Map.of(
                  "dbit.url", "jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED", "dbit.user", USER));
    } finally {
      if (before == null) {
        System.clearProperty("dbit.password");
      } else {
        System.setProperty("dbit.password", before);
      }
      capture.close();
    }
    Throwable failure =
        results.containerEvents().failed().stream()
            .map(DbitTestKit::failure)
            .findFirst()
            .orElseThrow();

    assertThat(failure.getMessage())
        .isEqualTo(
            "dbit: dbit.password is no longer read: give the password in the environment variable"
                + " DBIT_PASSWORD or in a file named by dbit.password.file: Surefire copies system"
                + " properties, values included, into its reports.");
    assertThat(describe(failure) + String.join("\n", capture.lines())).doesNotContain(PASSWORD);
  }

  /** Message, causes and suppressed exceptions, all the way down. */
  private static String describe(Throwable throwable) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = throwable; t != null; t = t.getCause()) {
      text.append(t).append('\n');
      for (Throwable suppressed : t.getSuppressed()) {
        text.append(suppressed).append('\n');
      }
    }
    return text.toString();
  }

  private static void rootExecute(String... statements) throws SQLException {
    try (Connection connection =
            DriverManager.getConnection(
                "jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED", "root", "");
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }

  /** Everything logged through java.util.logging and written to stdout and stderr meanwhile. */
  private static final class Capture extends Handler implements AutoCloseable {
    private final List<String> records = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final PrintStream originalOut = System.out;
    private final PrintStream originalErr = System.err;

    Capture() {
      // dbit's own logger too: with an SLF4J provider its lines go there, not to the root.
      Logger.getLogger("").addHandler(this);
      Logger.getLogger("dev.dbit").addHandler(this);
      PrintStream both = new PrintStream(out, true, StandardCharsets.UTF_8);
      System.setOut(both);
      System.setErr(both);
    }

    @Override
    public synchronized void publish(LogRecord record) {
      records.add(
          record.getMessage()
              + (record.getThrown() == null ? "" : "\n" + describe(record.getThrown())));
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
      Logger.getLogger("").removeHandler(this);
      Logger.getLogger("dev.dbit").removeHandler(this);
      System.setOut(originalOut);
      System.setErr(originalErr);
    }

    synchronized List<String> lines() {
      List<String> lines = new ArrayList<>(records);
      lines.add(out.toString(StandardCharsets.UTF_8));
      return lines;
    }
  }
}
