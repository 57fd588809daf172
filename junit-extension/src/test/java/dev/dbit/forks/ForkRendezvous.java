package dev.dbit.forks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Two test classes in two Surefire forks meet here: each writes a row named after itself, says so
 * in a file under {@code target/fork-proof}, waits for the other's file and then looks at its own
 * schema. Run with {@code -DforkCount=2 -Ddbit.fork-proof=true}; alone they would wait in vain.
 */
final class ForkRendezvous {
  static final String PROPERTY = "dbit.fork-proof";
  private static final Path DIR = Path.of("target", "fork-proof");

  private ForkRendezvous() {}

  static void writeMeetAndLook(String me, String other, DataSource dataSource, TestDatabase db)
      throws SQLException, IOException, InterruptedException {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      statement.executeUpdate(
          "INSERT INTO product_category (name, slug) VALUES ('" + me + "', '" + me + "')");
    }
    Files.createDirectories(DIR);
    // Each fork gets its own schema, on its own embedded server or on a shared external one.
    String where = db.jdbcUrl().replaceAll("\\?.*", "");
    String mine = where + " " + ProcessHandle.current().pid();
    Files.writeString(DIR.resolve(me), mine);
    Path theirs = DIR.resolve(other);
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!fresh(theirs) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(fresh(theirs)).as("the other fork wrote its row within 60 s").isTrue();
    String[] theirParts = Files.readString(theirs).split(" ");
    // Read once: a later build must not find it.
    Files.delete(theirs);
    System.out.printf(
        "fork proof: %s in %s (pid %d) met %s in %s (pid %s)%n",
        me, where, ProcessHandle.current().pid(), other, theirParts[0], theirParts[1]);
    assertThat(theirParts[1]).as("another JVM").isNotEqualTo("" + ProcessHandle.current().pid());
    assertThat(theirParts[0]).as("another schema").isNotEqualTo(where);
    assertThat(names(dataSource)).as("rows this fork sees").containsExactly(me);
  }

  /** Written by a fork of this build, not left by an earlier one (both forks start together). */
  private static boolean fresh(Path file) throws IOException {
    long jvmStart = java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime();
    return Files.exists(file) && Files.getLastModifiedTime(file).toMillis() > jvmStart - 60_000;
  }

  static List<String> names(DataSource dataSource) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT name FROM product_category")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }
}
