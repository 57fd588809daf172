package dev.dbit.internal.binlog;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.DeleteRowsEventData;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventData;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.event.QueryEventData;
import com.github.shyiko.mysql.binlog.event.RotateEventData;
import com.github.shyiko.mysql.binlog.event.TableMapEventData;
import com.github.shyiko.mysql.binlog.event.UpdateRowsEventData;
import com.github.shyiko.mysql.binlog.event.WriteRowsEventData;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.template.CascadingKey;
import java.io.IOException;
import java.io.Serializable;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Follows a server's row-based binary log the way a replica does, and remembers for each copy being
 * watched the tables tests committed writes to and the keys of the rows of its large tables. A
 * rolled-back transaction never reaches the log; dbit's own control connection writes with {@code
 * sql_log_bin = 0}, so its resets do not either. One follower per server, shared by the runs of a
 * JVM.
 *
 * <p>What the log does not show makes a table unfollowed until the next reset: any statement logged
 * as text in a watched copy ({@code TRUNCATE}, DDL, a session that switched to statement format), a
 * logged row whose shape differs from the table's. Rows a foreign key's cascade changes are not
 * logged at all: for each cascading key it follows the referenced values its parent's deletes and
 * key changes hand to the cascade, and the caller restores the child rows under them.
 */
public final class RowChangeLog {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  private static final Map<String, RowChangeLog> FOLLOWERS = new ConcurrentHashMap<>();

  /** How long a reset waits for the follower to reach the server's log position. */
  static final long CATCH_UP_MILLIS = 10_000;

  /** More changed rows than this in one table: a full comparison is cheaper than the key list. */
  static final int MAX_KEYS = 5_000;

  private final BinaryLogClient client;
  private final Map<Long, Logged> tableIds = new HashMap<>();
  private final Map<String, CopyWatch> watches = new HashMap<>();
  private String file;
  private long position;

  private RowChangeLog(BinaryLogClient client, String file, long position) {
    this.client = client;
    this.file = file;
    this.position = position;
  }

  /**
   * Starts watching {@code copy}: which of its tables tests write, the keys of the rows of its
   * {@code tables} (each with a primary key: every table that has one, so that a class's starting
   * state is restored by rows too; the {@code large} ones named when their key cannot be read) and
   * what the parents of its {@code cascades} release, when the server writes a full row-based
   * binary log and the control connection may keep its own writes out of it ({@code SET SESSION
   * sql_log_bin = 0}, which the caller applied); empty, with the reason in the log, otherwise.
   */
  public static Optional<Watch> watch(
      DatabaseServer server,
      Connection control,
      String copy,
      Map<String, List<String>> tables,
      Set<String> large,
      List<CascadingKey> cascades) {
    // Without large tables or cascades the log only spares a reading: not worth a line.
    Level level = large.isEmpty() && cascades.isEmpty() ? Level.DEBUG : Level.INFO;
    try {
      Optional<String> unusable = BinaryLogAccess.unusable(control);
      if (unusable.isPresent()) {
        LOG.log(level, notFollowed(copy, unusable.get()));
        return Optional.empty();
      }
      TrackedTables tracked = TrackedTables.read(control, copy, tables, large, cascades);
      return Optional.of(watchOn(server, control, copy, tracked));
    } catch (SQLException | IOException | TimeoutException | RuntimeException e) {
      LOG.log(
          level,
          notFollowed(copy, "cannot follow the binary log of " + server.description() + ": " + e));
      return Optional.empty();
    }
  }

  /** The ready line says how the large tables are restored instead. */
  private static String notFollowed(String copy, String why) {
    return "dbit: the changed rows of the large tables of "
        + copy
        + " are not read from the binary log: "
        + why;
  }

  /**
   * Watches {@code copy} on the follower of {@code server}'s log, started when it has none; under
   * the class lock, which the last watch's close takes too.
   */
  private static synchronized Watch watchOn(
      DatabaseServer server, Connection control, String copy, TrackedTables tracked)
      throws SQLException, IOException, TimeoutException {
    BinaryLogAccess.CLIENT_LOG.fine("dbit follows the binary log of " + server.description());
    String key = server.host() + ":" + server.port();
    RowChangeLog running = FOLLOWERS.get(key);
    if (running != null && running.client.isConnected()) {
      return running.add(copy, tracked);
    }
    LogPosition at = LogPosition.current(control);
    BinaryLogClient client = BinaryLogAccess.client(server, at, "dbit-binlog-" + key);
    RowChangeLog log = new RowChangeLog(client, at.file(), at.offset());
    client.registerEventListener(log::onEvent);
    client.connect(CATCH_UP_MILLIS);
    FOLLOWERS.put(key, log);
    return log.add(copy, tracked);
  }

  private synchronized Watch add(String copy, TrackedTables tracked) {
    CopyWatch watch = new CopyWatch(tracked.tables(), tracked.parents());
    watches.put(copy, watch);
    return new Watch(copy);
  }

  private synchronized void onEvent(Event event) {
    EventData data = event.getData();
    switch (event.getHeader().getEventType()) {
      case ROTATE -> {
        RotateEventData rotate = (RotateEventData) data;
        file = rotate.getBinlogFilename();
        position = rotate.getBinlogPosition();
      }
      case TABLE_MAP -> {
        TableMapEventData map = (TableMapEventData) data;
        tableIds.put(
            map.getTableId(),
            new Logged(map.getDatabase(), map.getTable(), map.getColumnTypes().length));
      }
      case WRITE_ROWS, EXT_WRITE_ROWS -> {
        WriteRowsEventData rows = (WriteRowsEventData) data;
        rows.getRows().forEach(row -> changed(rows.getTableId(), null, row));
      }
      case DELETE_ROWS, EXT_DELETE_ROWS -> {
        DeleteRowsEventData rows = (DeleteRowsEventData) data;
        rows.getRows().forEach(row -> changed(rows.getTableId(), row, null));
      }
      case UPDATE_ROWS, EXT_UPDATE_ROWS -> {
        UpdateRowsEventData rows = (UpdateRowsEventData) data;
        rows.getRows().forEach(row -> changed(rows.getTableId(), row.getKey(), row.getValue()));
      }
      case QUERY -> statementLogged((QueryEventData) data);
      default -> {
        // Transaction boundaries and bookkeeping: only their positions matter.
      }
    }
    if (event.getHeader() instanceof EventHeaderV4 header && header.getNextPosition() > 0) {
      position = header.getNextPosition();
    }
    notifyAll();
  }

  /** A logged insert ({@code before} null), delete ({@code after} null) or update. */
  private void changed(long tableId, Serializable[] before, Serializable[] after) {
    Logged logged = tableIds.get(tableId);
    CopyWatch watch = logged == null ? null : watches.get(logged.schema());
    if (watch != null) {
      watch.changed(logged.table(), logged.columnCount(), before, after);
    }
  }

  /** A statement logged as text: rows it changed are not in the log. */
  private void statementLogged(QueryEventData query) {
    watches.forEach(
        (copy, watch) -> {
          if (BinaryLogAccess.mayChange(query, copy)) {
            watch.everything = false;
          }
        });
  }

  /** Waits until the follower has read the log up to {@code target}. */
  private void catchUp(LogPosition target) throws TimeoutException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CATCH_UP_MILLIS);
    synchronized (this) {
      while (new LogPosition(file, position).compareTo(target) < 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0 || !client.isConnected()) {
          throw new TimeoutException(
              "the binary log follower stopped at "
                  + new LogPosition(file, position)
                  + ", the server is at "
                  + target);
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new TimeoutException("interrupted while waiting for the binary log follower");
        }
      }
    }
  }

  /** A table as a {@code TABLE_MAP} event named it. */
  private record Logged(String schema, String table, int columnCount) {}

  /** One copy's watch, held by its run. */
  public final class Watch {
    private final String copy;

    private Watch(String copy) {
      this.copy = copy;
    }

    /**
     * What the log showed since the last take, once the follower has read it up to {@code target};
     * an incomplete account if it cannot get there in time.
     */
    public LogAccount accountUpTo(LogPosition target) {
      try {
        catchUp(target);
      } catch (TimeoutException e) {
        LOG.log(
            Level.WARNING,
            "dbit: "
                + e.getMessage()
                + "; the next reset compares in full what the log no longer accounts for");
        distrust();
        takeNow();
        return LogAccount.unknown();
      }
      return takeNow();
    }

    private LogAccount takeNow() {
      synchronized (RowChangeLog.this) {
        CopyWatch watch = watches.get(copy);
        return watch == null ? LogAccount.unknown() : watch.take();
      }
    }

    /**
     * Makes the next {@link #take} report nothing followed: a reset that failed after it took the
     * keys leaves rows the log will not show again.
     */
    public void distrust() {
      synchronized (RowChangeLog.this) {
        CopyWatch watch = watches.get(copy);
        if (watch != null) {
          watch.everything = false;
        }
      }
    }

    /** The tables followed by key, in no order. */
    public Set<String> tables() {
      synchronized (RowChangeLog.this) {
        CopyWatch watch = watches.get(copy);
        return watch == null ? Set.of() : Set.copyOf(watch.tables.keySet());
      }
    }

    /**
     * Stops watching the copy; the last watch of a server ends its follower ({@link
     * BinaryLogAccess#end}).
     */
    public void close(Connection control) {
      synchronized (RowChangeLog.class) {
        synchronized (RowChangeLog.this) {
          watches.remove(copy);
          if (!watches.isEmpty()) {
            return;
          }
        }
        FOLLOWERS.values().remove(RowChangeLog.this);
      }
      BinaryLogAccess.end(client, control);
    }
  }
}
