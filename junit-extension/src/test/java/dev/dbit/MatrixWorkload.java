package dev.dbit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * What one statement of {@link MatrixFixtures} does, chosen by the configuration parameter {@value
 * #KEY}: a stall's shape, or an honest twin that is as slow per statement for another reason.
 */
enum MatrixWorkload {
  /** A server-side prepared INSERT: with Nagle on, each of its requests waits for a delayed ACK. */
  DRIVER_PATH("driver path", true),
  /** A one-packet 45 ms {@code SLEEP} on the server: server work, timed or not. */
  SERVER_SLEEP("twin: server", false),
  /** A one-packet join of 100,000 rows, computed by the server: server work without a sleep. */
  SERVER_JOIN("twin: join", false),
  /** Twenty fast one-packet statements for each statement of the others. */
  MANY_FAST("twin: many fast", false),
  /** A one-packet INSERT, then 45 ms asleep in Java. */
  JAVA_SLEEP("twin: sleep", false),
  /** A one-packet INSERT, then 45 ms of CPU. */
  CPU("twin: CPU", false),
  /**
   * A one-packet INSERT, sent through a relay that splits every request; last, since the relay
   * stands in front of the server the cells before it ran on.
   */
  PATH_WIDE("path-wide", true);

  static final String KEY = "dbit.matrix.workload";

  /** Ten digits, five times over, joined: 10^5 rows counted by the server in one request. */
  private static final String JOIN =
      "SELECT COUNT(*) FROM "
          + java.util.stream.IntStream.range(0, 5)
              .mapToObj(
                  t ->
                      "(SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION"
                          + " ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7"
                          + " UNION ALL SELECT 8 UNION ALL SELECT 9) t"
                          + t)
              .collect(java.util.stream.Collectors.joining(" CROSS JOIN "));

  private final String label;
  private final boolean stalls;

  MatrixWorkload(String label, boolean stalls) {
    this.label = label;
    this.stalls = stalls;
  }

  String label() {
    return label;
  }

  /** Whether dbit must name a stall for it. */
  boolean stalls() {
    return stalls;
  }

  /** Runs {@code count} statements of this workload on one connection. */
  void run(Connection connection, int count) throws SQLException {
    for (int i = 0; i < count; i++) {
      switch (this) {
        case DRIVER_PATH -> {
          try (PreparedStatement insert =
              connection.prepareStatement("INSERT INTO brand (name) VALUES (?)")) {
            insert.setString(1, "brand-" + i);
            insert.executeUpdate();
          }
        }
        case SERVER_SLEEP, SERVER_JOIN -> {
          try (Statement statement = connection.createStatement();
              ResultSet rows =
                  statement.executeQuery(this == SERVER_JOIN ? JOIN : "SELECT SLEEP(0.045)")) {
            rows.next();
          }
        }
        case MANY_FAST -> {
          try (Statement statement = connection.createStatement()) {
            for (int fast = 0; fast < 20; fast++) {
              statement.executeUpdate("INSERT INTO brand (name) VALUES ('fast-" + fast + "')");
            }
          }
        }
        default -> {
          try (Statement statement = connection.createStatement()) {
            statement.executeUpdate("INSERT INTO brand (name) VALUES ('brand-" + i + "')");
          }
          pause();
        }
      }
    }
  }

  private void pause() {
    long until = System.nanoTime() + 45_000_000L;
    if (this == JAVA_SLEEP) {
      try {
        Thread.sleep(45);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    } else if (this == CPU) {
      long sink = 0;
      while (System.nanoTime() < until) {
        sink += Long.numberOfTrailingZeros(System.nanoTime());
      }
      if (sink == 42) {
        throw new AssertionError("unreachable, keeps the loop alive");
      }
    }
  }

  /** Hands fixtures the workload the engine run's configuration names. */
  static final class Resolver implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return parameter.getParameter().getType() == MatrixWorkload.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      return MatrixWorkload.valueOf(context.getConfigurationParameter(KEY).orElseThrow());
    }
  }
}
