package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;
import static dev.dbit.internal.jdbc.SqlIdentifiers.qualified;

import dev.dbit.internal.jdbc.MultiStatement;
import dev.dbit.internal.template.BookkeepingSchema;
import dev.dbit.internal.template.SchemaLayout;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * dbit's triggers, one per table and row event ({@code dbit_ci_/dbit_cu_/dbit_cd_<table>}) on each
 * InnoDB table of a copy, and what they write in the copy's {@link BookkeepingSchema}: the table's
 * name in {@code changed_tables} for every row inserted, updated or deleted; for a large reference
 * table, the row's key in its key table ({@link KeyTables}); for the parent of a cascading key, its
 * release marker and the values it released ({@link ReleaseMarkers}). One cheap query then names
 * every table a test changed, on any server, without counters per table.
 *
 * <p>The marker table has no unique key, so a marker insert never waits for another transaction's
 * lock and adds no lock a test could deadlock on; the markers belong to the writing transaction, so
 * a rollback takes them back with the rows. A session with {@link #MARKERS_OFF} set writes nothing:
 * dbit's control connection, always.
 *
 * <p>What no trigger sees is the caller's to catch: foreign-key cascades (a parent's release marker
 * says whether one fired), {@code TRUNCATE} and re-created tables (the count of table DDL, InnoDB
 * table ids, the statement watch), and tables of other engines, whose writes a rollback does not
 * take back (never marked; the caller checks them at every reset).
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

  /**
   * The events of dbit's triggers, as their names show them, those of earlier versions included
   * (key and release triggers of their own), so that a copy they left is cleaned of them.
   */
  private static final List<String> CODES =
      List.of("ci", "cu", "cd", "ai", "au", "ad", "rd", "ru", "ri");

  private final Supplier<Connection> control;
  private final String copy;
  private final Set<String> marked;
  private final ReleaseMarkers releases;
  private final Optional<KeyTables> keys;

  private ChangeMarkers(
      Supplier<Connection> control,
      String copy,
      SchemaLayout layout,
      Set<String> marked,
      Optional<KeyTables> keys) {
    this.control = control;
    this.copy = copy;
    this.marked = marked;
    this.releases = new ReleaseMarkers(copy, layout, marked);
    this.keys = keys;
  }

  /**
   * Installs the bookkeeping tables and the triggers on {@code copy}'s InnoDB tables (call on a
   * clean copy) and empties the bookkeeping tables; {@code keys}: the key tables the triggers fill.
   * Empty, with the reason in the log and nothing left behind, when the server refuses (no {@code
   * TRIGGER} privilege, a required primary key).
   */
  public static Optional<ChangeMarkers> install(
      Supplier<Connection> control, String copy, SchemaLayout layout, Optional<KeyTables> keys) {
    try {
      ChangeMarkers markers = of(control, copy, layout, keys);
      markers.ensureInstalled();
      try (Statement statement = control.get().createStatement()) {
        statement.execute(markers.marks().clearAllSql());
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
      remove(control.get(), copy);
      return Optional.empty();
    }
  }

  private static ChangeMarkers of(
      Supplier<Connection> control, String copy, SchemaLayout layout, Optional<KeyTables> keys)
      throws SQLException {
    Set<String> innoDb = InnoDbTables.names(control.get(), copy);
    Set<String> marked = new LinkedHashSet<>();
    layout.tables().stream().filter(innoDb::contains).forEach(marked::add);
    return new ChangeMarkers(control, copy, layout, marked, keys);
  }

  /**
   * Drops dbit's triggers and bookkeeping tables from {@code copy}, where an earlier run left them
   * and this one does not use them (every write would pay for a marker nobody reads); quiet on
   * failure.
   */
  public static void remove(Connection control, String copy) {
    try {
      Set<String> tables = new TreeSet<>(Set.of(TABLE));
      tables.addAll(DbitTriggers.keptTablesLeft(control, copy, KeyTables.PREFIX));
      tables.addAll(DbitTriggers.keptTablesLeft(control, copy, ReleaseMarkers.PREFIX));
      DbitTriggers.drop(control, copy, CODES, tables);
    } catch (SQLException e) {
      LOG.log(Level.DEBUG, "dbit: could not drop dbit's triggers from " + copy, e);
    }
  }

  /**
   * Creates what is missing or not as this run would create it: the bookkeeping tables, and the
   * triggers of a table a test created again.
   *
   * @return whether it created anything (which gives the schema new table ids)
   */
  boolean ensureInstalled() throws SQLException {
    boolean created = false;
    try (Statement statement = control.get().createStatement()) {
      for (String table : List.of(TABLE, ReleaseMarkers.TABLE)) {
        if (!BookkeepingSchema.holds(control.get(), copy, table)) {
          created = true;
          BookkeepingSchema.ensure(control.get(), copy);
          statement.execute(createTableSql(copy, table));
        }
      }
      for (String sql :
          releases.createValueTablesSql(
              DbitTriggers.keptTablesLeft(control.get(), copy, ReleaseMarkers.PREFIX))) {
        created = true;
        statement.execute(sql);
      }
      Map<String, String> present = DbitTriggers.bodies(control.get(), copy, CODES);
      Map<String, String> expected = expected();
      // One request for all: a copy of 135 tables needs 405 triggers.
      List<String> ddl = new ArrayList<>();
      for (String trigger : present.keySet()) {
        if (!expected.containsKey(trigger)) {
          // An earlier version's key or release trigger: this run's triggers do its work.
          ddl.add("DROP TRIGGER IF EXISTS " + qualified(copy, trigger));
        }
      }
      for (Map.Entry<String, String> trigger : missing(expected, present).entrySet()) {
        created = true;
        ddl.add("DROP TRIGGER IF EXISTS " + qualified(copy, trigger.getKey()));
        ddl.add(trigger.getValue());
      }
      if (!ddl.isEmpty()) {
        MultiStatement.execute(control.get(), String.join(";\n", ddl));
      }
    }
    return created;
  }

  /** The triggers this run creates, by lower-case name: their {@code CREATE TRIGGER}. */
  private Map<String, String> expected() {
    Map<String, String> triggers = new LinkedHashMap<>();
    for (String table : marked) {
      for (Event event : Event.values()) {
        triggers.put(
            DbitTriggers.name(event.code, table).toLowerCase(Locale.ROOT),
            DbitTriggers.createSql(copy, table, event.code, event.name(), body(table, event)));
      }
    }
    return triggers;
  }

  /** Those of {@code expected} that {@code present} (name to body) lacks or holds otherwise. */
  private static Map<String, String> missing(
      Map<String, String> expected, Map<String, String> present) {
    Map<String, String> missing = new LinkedHashMap<>(expected);
    missing.entrySet().removeIf(t -> DbitTriggers.sameBody(t.getValue(), present.get(t.getKey())));
    return missing;
  }

  /** What the trigger of {@code table} for {@code event} runs for each row. */
  private String body(String table, Event event) {
    List<String> parts = new ArrayList<>();
    parts.add(
        "INSERT INTO "
            + BookkeepingSchema.table(copy, TABLE)
            + " (table_name) VALUES ("
            + literal(table)
            + ")");
    keys.flatMap(k -> k.keepSql(table, event.rows)).ifPresent(parts::add);
    releases.part(table, event.name()).ifPresent(parts::add);
    return String.join("; ", parts);
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

  /** The key tables the triggers fill, where there are large tables to keep keys of. */
  Optional<KeyTables> keys() {
    return keys;
  }

  /** The tables that get markers. */
  Set<String> tables() {
    return marked;
  }

  /** What the triggers recorded, to read and forget. */
  ChangeMarks marks() {
    return new ChangeMarks(copy, releases);
  }

  /** The row events each table gets a trigger for, and the rows whose keys they keep. */
  private enum Event {
    INSERT("ci", "NEW"),
    UPDATE("cu", "OLD", "NEW"),
    DELETE("cd", "OLD");

    private final String code;
    private final List<String> rows;

    Event(String code, String... rows) {
      this.code = code;
      this.rows = List.of(rows);
    }
  }
}
