package dev.dbit.internal.binlog;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.QueryEventData;
import com.github.shyiko.mysql.binlog.event.RotateEventData;
import com.github.shyiko.mysql.binlog.event.TableMapEventData;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.template.BookkeepingSchema;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Lets a run reuse a copy without restoring it: the run before it reset the copy at its end and
 * wrote the binary log position of that moment into the copy's {@link BookkeepingSchema}; the next
 * run reads the log from there and, when nothing in it touched the copy, trusts it as it is. Any
 * logged write, statement or an unreadable log means a full restore, as without this.
 */
public final class CopyHistory {
  /** The table in a copy's bookkeeping schema that says where the copy was last known clean. */
  public static final String TABLE = "clean_at";

  private CopyHistory() {}

  /**
   * Records that {@code copy} is clean now. The control connection keeps its writes out of the log
   * ({@code sql_log_bin = 0}), so recording is not itself a change.
   */
  public static void recordClean(Connection control, String copy) throws SQLException {
    LogPosition now = LogPosition.current(control);
    BookkeepingSchema.ensure(control, copy);
    String table = BookkeepingSchema.table(copy, TABLE);
    try (Statement statement = control.createStatement()) {
      statement.execute(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (binlog_file VARCHAR(255) NOT NULL, binlog_offset BIGINT NOT NULL)"
              + " COMMENT 'dbit: the binary log position at which this copy was last clean'");
      statement.execute("DELETE FROM " + table);
      statement.execute(
          "INSERT INTO " + table + " VALUES (" + literal(now.file()) + ", " + now.offset() + ")");
    }
  }

  /**
   * True when the previous run recorded {@code copy} clean and the log shows nothing that touched
   * it since. The record is removed either way: it speaks for one start only.
   */
  public static boolean untouchedSinceLastRun(
      DatabaseServer server, Connection control, String copy) {
    try {
      Optional<LogPosition> recorded = takeRecorded(control, copy);
      if (recorded.isEmpty() || BinaryLogAccess.unusable(control).isPresent()) {
        return false;
      }
      return untouchedSince(server, control, copy, recorded.get());
    } catch (SQLException | IOException | TimeoutException | RuntimeException e) {
      return false;
    }
  }

  private static Optional<LogPosition> takeRecorded(Connection control, String copy)
      throws SQLException {
    if (!BookkeepingSchema.holds(control, copy, TABLE)) {
      return Optional.empty();
    }
    String table = BookkeepingSchema.table(copy, TABLE);
    try (Statement statement = control.createStatement()) {
      Optional<LogPosition> recorded = Optional.empty();
      try (ResultSet rows =
          statement.executeQuery("SELECT binlog_file, binlog_offset FROM " + table)) {
        if (rows.next()) {
          recorded = Optional.of(new LogPosition(rows.getString(1), rows.getLong(2)));
        }
      }
      statement.execute("DROP TABLE " + table);
      return recorded;
    }
  }

  /** Reads the log from {@code since} to where the server is now, looking for {@code copy}. */
  private static boolean untouchedSince(
      DatabaseServer server, Connection control, String copy, LogPosition since)
      throws SQLException, IOException, TimeoutException {
    LogPosition target = LogPosition.current(control);
    if (target.compareTo(since) <= 0) {
      return target.equals(since);
    }
    AtomicBoolean touched = new AtomicBoolean();
    CountDownLatch reached = new CountDownLatch(1);
    BinaryLogClient client = BinaryLogAccess.client(server, since, "dbit-binlog-history");
    String[] file = {since.file()};
    client.registerEventListener(
        event -> {
          switch (event.getHeader().getEventType()) {
            case ROTATE -> file[0] = ((RotateEventData) event.getData()).getBinlogFilename();
            case TABLE_MAP -> {
              if (copy.equals(((TableMapEventData) event.getData()).getDatabase())) {
                touched.set(true);
              }
            }
            case QUERY -> {
              if (BinaryLogAccess.mayChange((QueryEventData) event.getData(), copy)) {
                touched.set(true);
              }
            }
            default -> {
              // Only positions matter.
            }
          }
          if (event.getHeader() instanceof EventHeaderV4 header
              && header.getNextPosition() > 0
              && event.getHeader().getEventType() != EventType.ROTATE
              && new LogPosition(file[0], header.getNextPosition()).compareTo(target) >= 0) {
            reached.countDown();
          }
        });
    client.connect(RowChangeLog.CATCH_UP_MILLIS);
    try {
      if (!reached.await(RowChangeLog.CATCH_UP_MILLIS, TimeUnit.MILLISECONDS)) {
        return false;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      BinaryLogAccess.end(client, control);
    }
    return !touched.get();
  }
}
