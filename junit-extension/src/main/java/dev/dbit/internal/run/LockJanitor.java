package dev.dbit.internal.run;

import dev.dbit.internal.jdbc.ControlConnection;
import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.jdbc.SqlIdentifiers;
import dev.dbit.internal.measure.ConnectionLeakWatch;
import java.lang.System.Logger.Level;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * Finds and closes connections to the test schema that hold locks a test left behind, so that the
 * next reset can run: by their open transactions at a test's end, or, when a reset waited for a
 * lock, every idle connection to the schema.
 */
final class LockJanitor {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** How long a reset waits for a lock before it closes the connection holding it. */
  static final int LOCK_WAIT_SECONDS = 3;

  private final ControlConnection control;
  private final String schema;

  /** The pool, told which connections dbit ended: it never hands one out again. */
  private final LivePool pool;

  LockJanitor(ControlConnection control, String schema, LivePool pool) {
    this.control = control;
    this.schema = schema;
    this.pool = pool;
  }

  /**
   * Closes connections to the test schema that a test left with an open transaction holding locks
   * or changes.
   *
   * <p>A transaction on a connection dbit handed only to earlier tests is not this test's: an
   * earlier test left it on a connection it gave back to the pool ({@code SET autocommit = 0}
   * behind the pool's back). It is closed too, with a warning naming the test before.
   *
   * @param listed the end reading counted open transactions in the server's list
   * @param rolledBack connections dbit has just closed with a rollback: the server's list can still
   *     show their transactions for a moment (MariaDB refreshes it at most every 100 ms)
   * @param connections the connections dbit handed out: who each belongs to, and what its driver
   *     saw
   * @param earlierTest the test that ran before this one, for the warning
   * @return one line per connection of this test's closed, empty when it left nothing open
   */
  List<String> closeOpenTransactions(
      boolean listed, Set<Long> rolledBack, ConnectionLeakWatch connections, String earlierTest)
      throws SQLException {
    Map<String, OpenTransaction> seen = new LinkedHashMap<>();
    if (listed) {
      Look look = openTransactions(rolledBack);
      if (!look.fresh()) {
        // The server's transaction list is a copy that MariaDB and MySQL refresh only once nobody
        // has read it for 100 ms: it can still show a transaction the test committed. Look again
        // after that; where parallel runs keep reading it, the copy can stay stale for good.
        LockSupport.parkNanos(TRANSACTION_LIST_REFRESH_NANOS);
        Look again = openTransactions(rolledBack);
        again.open().keySet().retainAll(look.open().keySet());
        look = again;
      }
      seen.putAll(look.open());
      // For a connection dbit handed out, the driver knows from the server's last reply whether a
      // transaction is open. Only a table lock without row changes or row locks (LOCK TABLES) can
      // sit on a connection whose driver sees no transaction, and then the server lists the table
      // in use; a stale entry of a committed transaction counts the tables it wrote as locked too,
      // with or without rows (an UPDATE that matched none: eight runs at once showed one).
      boolean tablesInUse =
          seen.values().stream().anyMatch(OpenTransaction::onlyTablesLocked) && tablesInUse();
      boolean fresh = look.fresh();
      seen.values()
          .removeIf(
              open ->
                  !open.leakGiven(
                      connections.driverSeesTransaction(open.thread()), tablesInUse, fresh));
    }
    // A transaction the list does not show (yet), on a connection dbit handed out and the pool took
    // back: its driver knows. Left there, the next test to borrow it would run inside it.
    Set<Long> inList = new HashSet<>();
    seen.values().forEach(open -> inList.add(open.thread()));
    for (long thread : connections.threadsInTransaction()) {
      if (!inList.contains(thread) && !rolledBack.contains(thread)) {
        seen.put("driver " + thread, OpenTransaction.seenByDriver(thread));
      }
    }
    List<String> leaks = new ArrayList<>();
    List<String> earlier = new ArrayList<>();
    List<Long> threads = new ArrayList<>();
    for (OpenTransaction open : seen.values()) {
      threads.add(open.thread());
      (connections.owner(open.thread()) == ConnectionLeakWatch.Owner.EARLIER_TEST ? earlier : leaks)
          .add(open.describe());
    }
    kill(threads);
    if (!earlier.isEmpty()) {
      LOG.log(
          Level.WARNING,
          "dbit: a pooled connection dbit handed to an earlier test ("
              + earlierTest
              + ", or one before it) still held a transaction: "
              + String.join("; ", earlier)
              + ". dbit closed it. A statement such as SET autocommit = 0 leaves a transaction open"
              + " on a connection the pool takes back; use Connection.setAutoCommit(false) and"
              + " commit or roll back.");
    }
    return leaks;
  }

  /**
   * A reset waited for a lock some connection dbit does not track still holds (one opened with
   * DriverManager, say): rolls back the reset and closes every idle connection to the test schema.
   *
   * @param previousTest the test that ended last, named in the warning
   */
  void closeIdleConnections(String previousTest) throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      statement.execute("ROLLBACK");
    }
    List<Long> idle = new ArrayList<>();
    try (PreparedStatement query =
        control
            .get()
            .prepareStatement(
                "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <>"
                    + " CONNECTION_ID() AND COMMAND = 'Sleep'")) {
      query.setString(1, schema);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          idle.add(rows.getLong(1));
        }
      }
    }
    kill(idle);
    LOG.log(
        Level.WARNING,
        "dbit: the reset of "
            + schema
            + " waited "
            + LOCK_WAIT_SECONDS
            + " s for a lock held by a connection left open by the previous test ("
            + previousTest
            + "); dbit closed the idle connections to the test schema "
            + idle
            + " and restored every table. Close every connection a test opens"
            + " (try-with-resources).");
  }

  /** Longer than MariaDB keeps its copy of the transaction list (100 ms). */
  private static final long TRANSACTION_LIST_REFRESH_NANOS = 120_000_000L;

  /** A transaction holding changes or locks on a connection to the test schema. */
  record OpenTransaction(
      long thread, String started, long rowsChanged, long rowsLocked, long tablesLocked) {
    boolean onlyTablesLocked() {
      return tablesLocked > 0 && rowsChanged == 0 && rowsLocked == 0;
    }

    /**
     * Whether this entry is a transaction left open, given whether the driver of its connection
     * sees one (empty for a connection dbit did not hand out), whether a table of the schema is
     * locked now, and whether the list was copied after the look began: a driver that saw the
     * transaction end overrules the list, except for a table lock without rows (LOCK TABLES) while
     * a table is locked. A stale copy alone never ends a connection dbit did not hand out: if its
     * transaction is open, the next reset waits for its lock and closes it then.
     */
    boolean leakGiven(Optional<Boolean> driverSeesTransaction, boolean tablesInUse, boolean fresh) {
      if (driverSeesTransaction.isEmpty()) {
        return fresh;
      }
      return driverSeesTransaction.get() || (onlyTablesLocked() && tablesInUse);
    }

    /** A transaction the server's list does not show, which the connection's driver sees. */
    static OpenTransaction seenByDriver(long thread) {
      return new OpenTransaction(thread, null, -1, -1, -1);
    }

    String describe() {
      return started == null
          ? String.format("connection %d with a transaction open (its driver says so)", thread)
          : String.format(
              "connection %d with a transaction open since %s (%d rows changed, %d rows locked)",
              thread, started, rowsChanged, rowsLocked);
    }
  }

  /**
   * One copy of the server's transaction list: the open transactions on connections to the test
   * schema, by transaction id, and whether the copy was taken after this look began.
   */
  private record Look(boolean fresh, Map<String, OpenTransaction> open) {}

  /**
   * Reads the list inside a transaction of the control connection's own: the copy is fresh when it
   * shows that transaction running this very look, told by a token in the look's text. An older
   * look's transaction in a copy that others keep from refreshing is not enough: the copy can then
   * show a transaction that ended long ago on a connection still open.
   */
  private Look openTransactions(Set<Long> rolledBack) throws SQLException {
    String token = "dbit-look-" + System.nanoTime() + "-";
    return MultiStatement.executeReadingLast(
        control.get(),
        "START TRANSACTION WITH CONSISTENT SNAPSHOT;"
            + " SELECT p.ID, t.trx_rows_modified, t.trx_rows_locked, t.trx_started, t.trx_id,"
            + " t.trx_tables_locked, p.ID = CONNECTION_ID(), LOCATE('"
            + token
            + "', t.trx_query) > 0"
            + " FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p"
            + " ON p.ID = t.trx_mysql_thread_id WHERE p.ID = CONNECTION_ID() OR (p.DB = "
            + SqlIdentifiers.literal(schema)
            + " AND (t.trx_rows_modified > 0 OR t.trx_rows_locked > 0 OR"
            + " t.trx_tables_locked > 0)); COMMIT",
        rows -> {
          Map<String, OpenTransaction> open = new LinkedHashMap<>();
          boolean fresh = false;
          while (rows.next()) {
            long thread = rows.getLong(1);
            if (rows.getBoolean(7)) {
              fresh |= rows.getBoolean(8);
            } else if (!rolledBack.contains(thread)) {
              open.put(
                  rows.getString(5),
                  new OpenTransaction(
                      thread,
                      rows.getString(4),
                      rows.getLong(2),
                      rows.getLong(3),
                      rows.getLong(6)));
            }
          }
          return new Look(fresh, open);
        });
  }

  /** Whether a table of the test schema is locked now ({@code LOCK TABLES}, or a running query). */
  private boolean tablesInUse() throws SQLException {
    try (Statement statement = control.get().createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SHOW OPEN TABLES FROM " + SqlIdentifiers.quote(schema) + " WHERE In_use > 0")) {
      return rows.next();
    }
  }

  private void kill(List<Long> threads) throws SQLException {
    try (Statement statement = control.get().createStatement()) {
      for (long thread : threads) {
        try {
          statement.execute("KILL CONNECTION " + thread);
        } catch (SQLException e) {
          // It ended by itself meanwhile.
        }
      }
    }
    if (!threads.isEmpty()) {
      pool.ended(threads);
    }
  }
}
