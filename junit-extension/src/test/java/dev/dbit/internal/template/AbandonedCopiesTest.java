package dev.dbit.internal.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which copies earlier runs left behind a run drops: its own project's on other migrations, and any
 * project's no run took for {@value AbandonedCopies#UNUSED_DAYS} days; never another project's copy
 * in use, never a template, never a copy of this run's migrations.
 */
class AbandonedCopiesTest {
  private static final String FINGERPRINT = "f".repeat(64);
  private static final String OURS = SchemaOwnership.PROJECT;

  private static SchemaOwnership.Marker copy(String fingerprint, String project, long daysUnused) {
    return new SchemaOwnership.Marker(
        SchemaOwnership.Kind.COPY, fingerprint, true, project, daysUnused);
  }

  @Test
  void anotherProjectsCopyInUseStays() {
    assertThat(AbandonedCopies.abandoned(copy("a".repeat(64), "other", 0), FINGERPRINT, OURS))
        .isFalse();
    assertThat(
            AbandonedCopies.abandoned(
                copy("a".repeat(64), "other", AbandonedCopies.UNUSED_DAYS - 1), FINGERPRINT, OURS))
        .isFalse();
  }

  @Test
  void thisProjectsCopiesOfOtherMigrationsGo() {
    assertThat(AbandonedCopies.abandoned(copy("a".repeat(64), OURS, 0), FINGERPRINT, OURS))
        .isTrue();
  }

  @Test
  void anyCopyUnusedForLongGoes() {
    assertThat(
            AbandonedCopies.abandoned(
                copy("a".repeat(64), "other", AbandonedCopies.UNUSED_DAYS), FINGERPRINT, OURS))
        .isTrue();
  }

  @Test
  void copiesOfThisRunsMigrationsAndTemplatesStay() {
    assertThat(AbandonedCopies.abandoned(copy(FINGERPRINT, OURS, 100), FINGERPRINT, OURS))
        .isFalse();
    SchemaOwnership.Marker template =
        new SchemaOwnership.Marker(SchemaOwnership.Kind.TEMPLATE, "a".repeat(64), true, OURS, 100);
    assertThat(AbandonedCopies.abandoned(template, FINGERPRINT, OURS)).isFalse();
  }

  /** On a real server, through the markers dbit writes: the same rule, and what it reports. */
  @Test
  void aRunDropsOnlyWhatTheRuleCallsAbandoned() throws SQLException {
    assumeThat(reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    String other = "dbit_test_0a0a0a0a_1";
    String stale = "dbit_test_0b0b0b0b_1";
    String ours = "dbit_test_0c0c0c0c_1";
    try (Connection control =
        DriverManager.getConnection("jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED", "root", "")) {
      for (String schema : List.of(other, stale, ours)) {
        dropIfThere(control, schema);
        SchemaOwnership.createMarked(
            control, schema, SchemaOwnership.Kind.COPY, "a".repeat(64), "");
        SchemaOwnership.markReady(control, schema);
      }
      try (Statement statement = control.createStatement()) {
        statement.execute(
            "UPDATE " + other + "." + SchemaOwnership.MARKER_TABLE + " SET project = 'other'");
        statement.execute(
            "UPDATE "
                + stale
                + "."
                + SchemaOwnership.MARKER_TABLE
                + " SET project = 'other', used_at = NOW() - INTERVAL "
                + AbandonedCopies.UNUSED_DAYS
                + " DAY");
      }
      try {
        List<String> dropped = AbandonedCopies.drop(control, FINGERPRINT);

        assertThat(dropped).contains(stale, ours).doesNotContain(other);
        assertThat(SchemaOwnership.schemaExists(control, other)).isTrue();
        assertThat(SchemaOwnership.schemaExists(control, stale)).isFalse();
        assertThat(SchemaOwnership.schemaExists(control, ours)).isFalse();
      } finally {
        for (String schema : List.of(other, stale, ours)) {
          dropIfThere(control, schema);
        }
      }
    }
  }

  private static boolean reachable() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", 3306), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void dropIfThere(Connection control, String schema) throws SQLException {
    try (Statement statement = control.createStatement()) {
      statement.execute("DROP DATABASE IF EXISTS " + schema);
    }
  }
}
