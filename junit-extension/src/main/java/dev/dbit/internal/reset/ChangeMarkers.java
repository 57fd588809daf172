package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import dev.dbit.internal.template.BookkeepingSchema;
import dev.dbit.internal.template.SchemaLayout;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The tables tests changed, marked by dbit's triggers: each InnoDB table of a copy gets three
 * {@code AFTER} triggers ({@code dbit_ci_/dbit_cu_/dbit_cd_<table>}) that add the table's name to
 * {@code changed_tables} in the copy's {@link BookkeepingSchema} for every row inserted, updated or
 * deleted. One cheap query then names every table a test changed, on any server, without counters
 * per table.
 *
 * <p>The marker table has no unique key, so a marker insert never waits for another transaction's
 * lock and adds no lock a test could deadlock on; the markers belong to the writing transaction, so
 * a rollback takes them back with the rows. dbit's control connection sets {@link #MARKERS_OFF},
 * which switches the triggers off for its own cleanups.
 *
 * <p>What no trigger sees is the caller's to catch: foreign-key cascades (a parent's {@link
 * ReleaseMarkers} say whether one fired), {@code TRUNCATE} and re-created tables (InnoDB table ids,
 * the statement watch), and tables of other engines, whose writes a rollback does not take back
 * (never marked; the caller checks them at every reset).
 */
public final class ChangeMarkers {
  private static final System.Logger LOG = System.getLogger("dev.dbit");

  /** The table the triggers write, in the copy's bookkeeping schema. */
  public static final String TABLE = "changed_tables";

  /**
   * A session with this variable set marks nothing: dbit's control connection (its own cleanups),
   * and a connection dbit handed out once it takes {@code LOCK TABLES} (see {@code
   * LockTablesGuard}).
   */
  public static final String MARKERS_OFF = "@dbit_markers_off";

  /** The events of the marker triggers, as their names show them, release markers included. */
  private static final List<String> CODES =
      Stream.concat(Stream.of("ci", "cu", "cd"), ReleaseMarkers.CODES.stream()).toList();

  private final Supplier<Connection> control;
  private final String copy;
  private final Set<String> marked;
  private final ReleaseMarkers releases;

  private ChangeMarkers(
      Supplier<Connection> control, String copy, Set<String> marked, ReleaseMarkers releases) {
    this.control = control;
    this.copy = copy;
    this.marked = marked;
    this.releases = releases;
  }

  /**
   * Installs the marker table and triggers on {@code tables} of {@code copy} (call on a clean copy)
   * and empties the marker table. Empty, with the reason in the log and nothing left behind, when
   * the server refuses (no {@code TRIGGER} privilege, no several triggers per event, a required
   * primary key).
   */
  public static Optional<ChangeMarkers> install(
      Supplier<Connection> control, String copy, Collection<String> tables, SchemaLayout layout) {
    ChangeMarkers markers =
        new ChangeMarkers(
            control, copy, new LinkedHashSet<>(tables), new ReleaseMarkers(copy, layout, tables));
    try {
      markers.ensureInstalled();
      try (Statement statement = control.get().createStatement()) {
        statement.execute(markers.clearAllSql());
      }
      return Optional.of(markers);
    } catch (SQLException e) {
      LOG.log(
          Level.INFO,
          "dbit: cannot mark changed tables of "
              + copy
              + " by triggers ("
              + e.getMessage()
              + "); every table is probed after every test instead. Grant the TRIGGER"
              + " privilege for two requests between tests whatever the test did.");
      removeAll(control.get(), copy);
      return Optional.empty();
    }
  }

  /**
   * Drops dbit's marker table and triggers from {@code copy}, where an earlier run left them and
   * this one does not use them (every write would pay for a marker nobody reads); one cheap query
   * when there is no marker table. Quiet on failure.
   */
  public static void remove(Connection control, String copy) {
    try {
      if (tableExists(control, copy)) {
        removeAll(control, copy);
      }
    } catch (SQLException e) {
      LOG.log(Level.DEBUG, "dbit: could not drop dbit's marker triggers from " + copy, e);
    }
  }

  /** Drops every marker trigger and the marker table, whichever exist; quiet on failure. */
  private static void removeAll(Connection control, String copy) {
    DbitTriggers.drop(control, copy, CODES, Set.of(TABLE, ReleaseMarkers.TABLE));
  }

  /**
   * Creates what is missing: the marker table, and the triggers of a table a test created again.
   *
   * @return whether it created anything (which gives the schema new table ids)
   */
  boolean ensureInstalled() throws SQLException {
    boolean created = false;
    Set<String> triggers = markerTriggers(control.get(), copy);
    try (Statement statement = control.get().createStatement()) {
      if (!tableExists(control.get(), copy)) {
        created = true;
        BookkeepingSchema.ensure(control.get(), copy);
        statement.execute(createTableSql(copy, TABLE));
      }
      if (!BookkeepingSchema.holds(control.get(), copy, ReleaseMarkers.TABLE)) {
        created = true;
        statement.execute(createTableSql(copy, ReleaseMarkers.TABLE));
      }
      for (String table : marked) {
        for (Event event : Event.values()) {
          String trigger = event.triggerName(table);
          if (!triggers.contains(trigger.toLowerCase(Locale.ROOT))) {
            created = true;
            statement.execute(event.createSql(copy, table));
          }
        }
      }
      for (String sql :
          releases.createValueTablesSql(
              DbitTriggers.lowerCaseNames(
                  control.get(),
                  "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
                      + literal(BookkeepingSchema.of(copy))))) {
        created = true;
        statement.execute(sql);
      }
      for (String parent : releases.parents()) {
        for (String code : ReleaseMarkers.CODES) {
          Optional<String> sql = releases.createSql(parent, code);
          if (sql.isPresent()
              && !triggers.contains(DbitTriggers.name(code, parent).toLowerCase(Locale.ROOT))) {
            created = true;
            statement.execute(sql.get());
          }
        }
      }
    }
    return created;
  }

  private static String createTableSql(String copy, String table) {
    return "CREATE TABLE "
        + BookkeepingSchema.table(copy, table)
        + " (table_name VARCHAR(64) NOT NULL, KEY (table_name)) ENGINE=InnoDB";
  }

  /** Which parents of cascading keys mark the values they release. */
  ReleaseMarkers releases() {
    return releases;
  }

  /** The tables that get markers. */
  Set<String> tables() {
    return marked;
  }

  /**
   * The marked tables, read uncommitted so that a transaction still open shows what it wrote: one
   * statement for the one-shot isolation level, one result set.
   */
  String readSql() {
    return "SET TRANSACTION ISOLATION LEVEL READ UNCOMMITTED;\n" + committedReadSql();
  }

  /** The marked tables and the parents that released values, as committed: one result set. */
  String committedReadSql() {
    return "SELECT DISTINCT table_name, 0 FROM "
        + BookkeepingSchema.table(copy, TABLE)
        + " UNION ALL SELECT DISTINCT table_name, 1 FROM "
        + BookkeepingSchema.table(copy, ReleaseMarkers.TABLE);
  }

  /**
   * Reads the result of {@link #readSql()} or {@link #committedReadSql()}: the marked tables, and a
   * {@link ReleaseMarkers#marker} for each parent that released values.
   */
  static Set<String> read(ResultSet rows) throws SQLException {
    Set<String> tables = new LinkedHashSet<>();
    while (rows.next()) {
      String name = rows.getString(1);
      tables.add(rows.getInt(2) == 1 ? ReleaseMarkers.marker(name) : name);
    }
    return tables;
  }

  /**
   * Forgets the markers of {@code tables}; sent before the cleanup that restores them, so that a
   * write after it is either undone by that cleanup or marked again.
   */
  String clearSql(Collection<String> tables) {
    if (tables.isEmpty()) {
      return "";
    }
    String in = tables.stream().map(t -> literal(t)).collect(Collectors.joining(", "));
    return "DELETE FROM "
        + BookkeepingSchema.table(copy, TABLE)
        + " WHERE table_name IN ("
        + in
        + ");\nDELETE FROM "
        + BookkeepingSchema.table(copy, ReleaseMarkers.TABLE)
        + " WHERE table_name IN ("
        + in
        + ")";
  }

  /**
   * Forgets the values the parents among {@code tables} released; sent last in the cleanup that
   * restored the rows under them.
   */
  String clearValuesSql(Collection<String> tables) {
    return releases.clearValuesSql(tables);
  }

  /** Forgets every marker; sent before a probe that compares every table. */
  String clearAllSql() {
    String values = releases.clearValuesSql(null);
    return "DELETE FROM "
        + BookkeepingSchema.table(copy, TABLE)
        + ";\nDELETE FROM "
        + BookkeepingSchema.table(copy, ReleaseMarkers.TABLE)
        + (values.isEmpty() ? "" : ";\n" + values);
  }

  private static boolean tableExists(Connection control, String copy) throws SQLException {
    return BookkeepingSchema.holds(control, copy, TABLE);
  }

  private static Set<String> markerTriggers(Connection control, String copy) throws SQLException {
    return DbitTriggers.present(control, copy, CODES);
  }

  /** The row events each table gets a trigger for. */
  private enum Event {
    INSERT("ci"),
    UPDATE("cu"),
    DELETE("cd");

    private final String code;

    Event(String code) {
      this.code = code;
    }

    String triggerName(String table) {
      return DbitTriggers.name(code, table);
    }

    String createSql(String copy, String table) {
      return DbitTriggers.createSql(
          copy,
          table,
          code,
          name(),
          MARKERS_OFF,
          "INSERT INTO "
              + BookkeepingSchema.table(copy, TABLE)
              + " (table_name) VALUES ("
              + literal(table)
              + ")");
    }
  }
}
