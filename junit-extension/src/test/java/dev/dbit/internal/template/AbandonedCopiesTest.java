package dev.dbit.internal.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
    try (Connection control = control()) {
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

  /**
   * A copy the server will not drop (a file it does not know in the schema's directory, as an
   * interrupted {@code CREATE TRIGGER} leaves) is left with a warning, and the run goes on. Before
   * the fix, every run of the project failed at start with "Error dropping database (can't rmdir
   * ..., errno: 39 "Directory not empty")" after the fault harness killed runs mid-DDL.
   */
  @Test
  void aCopyTheServerWillNotDropIsLeftAndTheRunGoesOn() throws Exception {
    assumeThat(reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    String stuck = "dbit_test_0f0f0f0f_1";
    try (Connection control = control()) {
      java.nio.file.Path dir = java.nio.file.Path.of(datadir(control), stuck);
      dropIfThere(control, stuck);
      SchemaOwnership.createMarked(control, stuck, SchemaOwnership.Kind.COPY, "a".repeat(64), "");
      SchemaOwnership.markReady(control, stuck);
      assumeThat(java.nio.file.Files.isWritable(dir)).as("the server's data directory").isTrue();
      java.nio.file.Path stray = java.nio.file.Files.writeString(dir.resolve("stray.TRG-"), "");
      try {
        assertThat(AbandonedCopies.drop(control, FINGERPRINT)).doesNotContain(stuck);
      } finally {
        java.nio.file.Files.deleteIfExists(stray);
        dropIfThere(control, stuck);
      }
    }
  }

  private static String datadir(Connection control) throws SQLException {
    try (Statement statement = control.createStatement();
        ResultSet rows = statement.executeQuery("SELECT @@datadir")) {
      rows.next();
      return rows.getString(1);
    }
  }

  /**
   * Another run drops and creates a copy while this one reads its marker (two classes starting at
   * once, one dropping abandoned copies): the read finds no marker, never fails. Before the fix,
   * {@code ServerSqlTimeTest}'s two parallel classes once failed with "Table
   * '..._1_dbit.dbit_schema_marker' doesn't exist".
   */
  @Test
  void aMarkerDroppedWhileItIsReadIsNoMarker() throws Exception {
    assumeThat(reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    String copy = "dbit_test_0e0e0e0e_1";
    try (Connection control = control();
        Connection other = control()) {
      dropIfThere(control, copy);
      java.util.concurrent.atomic.AtomicBoolean done =
          new java.util.concurrent.atomic.AtomicBoolean();
      Thread churn =
          new Thread(
              () -> {
                try {
                  while (!done.get()) {
                    SchemaOwnership.createMarked(
                        other, copy, SchemaOwnership.Kind.COPY, "e".repeat(64), "");
                    dropIfThere(other, copy);
                  }
                } catch (SQLException e) {
                  throw new IllegalStateException(e);
                }
              });
      churn.start();
      try {
        for (int i = 0; i < 2_000; i++) {
          SchemaOwnership.read(control, copy);
        }
      } finally {
        done.set(true);
        churn.join();
        dropIfThere(control, copy);
      }
    }
  }

  /** A copy in use keeps its bookkeeping, however long ago that was created. */
  @Test
  void aCopyInUseKeepsItsBookkeeping() throws SQLException {
    assumeThat(reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    String copy = "dbit_test_0f0f0f0f_1";
    String bookkeeping = BookkeepingSchema.of(copy);
    try (Connection control = control();
        Statement statement = control.createStatement()) {
      dropIfThere(control, bookkeeping);
      dropIfThere(control, copy);
      try {
        SchemaOwnership.createMarked(control, copy, SchemaOwnership.Kind.COPY, "a".repeat(64), "");
        SchemaOwnership.markReady(control, copy);
        SchemaOwnership.createMarked(
            control, bookkeeping, SchemaOwnership.Kind.BOOKKEEPING, "a".repeat(64), "");
        SchemaOwnership.markReady(control, bookkeeping);
        statement.execute(
            "UPDATE " + copy + "." + SchemaOwnership.MARKER_TABLE + " SET project = 'other'");
        statement.execute(
            "UPDATE `"
                + bookkeeping
                + "`."
                + SchemaOwnership.MARKER_TABLE
                + " SET project = 'other', created_at = NOW() - INTERVAL "
                + (AbandonedCopies.UNUSED_DAYS + 1)
                + " DAY");

        List<String> dropped = AbandonedCopies.drop(control, FINGERPRINT);

        assertThat(dropped).doesNotContain(copy, bookkeeping);
        assertThat(SchemaOwnership.schemaExists(control, bookkeeping)).isTrue();
      } finally {
        dropIfThere(control, bookkeeping);
        dropIfThere(control, copy);
      }
    }
  }

  /**
   * A marker an earlier dbit wrote gets the new columns when a run takes its schema, the same as a
   * new marker's: a template and its copies keep equal tables.
   */
  @Test
  void aRunUpgradesAnOlderMarkerToTheNewColumns() throws SQLException {
    assumeThat(reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    String older = "dbit_test_0d0d0d0d_1";
    String newer = "dbit_test_0e0e0e0e_1";
    try (Connection control = control();
        Statement statement = control.createStatement()) {
      dropIfThere(control, older);
      dropIfThere(control, newer);
      try {
        statement.execute("CREATE DATABASE " + older);
        statement.execute(
            "CREATE TABLE "
                + older
                + "."
                + SchemaOwnership.MARKER_TABLE
                + " (kind VARCHAR(16) NOT NULL, fingerprint VARCHAR(64) NOT NULL, ready BOOLEAN"
                + " NOT NULL, created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)");
        statement.execute(
            "INSERT INTO "
                + older
                + "."
                + SchemaOwnership.MARKER_TABLE
                + " (kind, fingerprint, ready) VALUES ('COPY', '"
                + "a".repeat(64)
                + "', TRUE)");
        assertThat(SchemaOwnership.read(control, older).orElseThrow().project()).isEmpty();
        SchemaOwnership.createMarked(control, newer, SchemaOwnership.Kind.COPY, "a".repeat(64), "");

        SchemaOwnership.touch(control, older);

        assertThat(SchemaOwnership.read(control, older).orElseThrow().project()).isEqualTo(OURS);
        assertThat(markerColumns(control, older)).isEqualTo(markerColumns(control, newer));
      } finally {
        dropIfThere(control, older);
        dropIfThere(control, newer);
      }
    }
  }

  private static List<String> markerColumns(Connection control, String schema) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Statement statement = control.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT CONCAT_WS(' ', ORDINAL_POSITION, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE,"
                    + " COALESCE(COLUMN_DEFAULT, '-'), EXTRA) FROM information_schema.COLUMNS"
                    + " WHERE TABLE_SCHEMA = '"
                    + schema
                    + "' AND TABLE_NAME = '"
                    + SchemaOwnership.MARKER_TABLE
                    + "' ORDER BY ORDINAL_POSITION")) {
      while (rows.next()) {
        columns.add(rows.getString(1));
      }
    }
    return columns;
  }

  /** A connection to the machine's MariaDB on 127.0.0.1:3306, as dbit's control connection. */
  private static Connection control() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:mysql://127.0.0.1:3306/?sslMode=DISABLED&allowMultiQueries=true", "root", "");
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
      statement.execute("DROP DATABASE IF EXISTS `" + schema + "`");
    }
  }
}
