package dev.dbit.internal.reset;

import static dev.dbit.internal.jdbc.SqlIdentifiers.literal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The two dialects of per-table write counters, read in one statement: performance_schema's table
 * I/O counters (MySQL 8 by default, MariaDB started with them) and MariaDB's table statistics
 * ({@code userstat=ON}, preferred where both are on).
 *
 * <p>On MySQL 8.0 and MariaDB 11.4 both move for every row written through the storage engine
 * (rolled-back and trigger writes included, foreign-key cascades not). MariaDB's user totals also
 * count rows written under {@code LOCK TABLES}, which its table counters never see: their
 * difference is the {@link Counts#unseen()} count.
 */
enum TableCounters {
  TABLE_IO("performance_schema table I/O counters") {
    @Override
    String sql(String copy) {
      return "SELECT NULL, 0 UNION ALL SELECT OBJECT_NAME, COUNT_INSERT + COUNT_UPDATE + COUNT_DELETE FROM"
          + " performance_schema.table_io_waits_summary_by_table WHERE OBJECT_SCHEMA = "
          + literal(copy)
          + " AND OBJECT_TYPE = 'TABLE'";
    }
  },
  USER_STATISTICS("MariaDB user and table statistics (userstat)") {
    @Override
    String sql(String copy) {
      return "SELECT NULL, (SELECT COALESCE(SUM(ROWS_INSERTED + ROWS_UPDATED + ROWS_DELETED), 0) FROM"
          + " information_schema.USER_STATISTICS) - (SELECT COALESCE(SUM(ROWS_CHANGED), 0) FROM"
          + " information_schema.TABLE_STATISTICS) UNION ALL SELECT TABLE_NAME, ROWS_CHANGED"
          + " FROM information_schema.TABLE_STATISTICS WHERE TABLE_SCHEMA = "
          + literal(copy);
    }
  };

  private final String description;

  TableCounters(String description) {
    this.description = description;
  }

  /**
   * One reading.
   *
   * @param unseen rows written that no table counter shows, since the server started
   * @param tables rows written per table of the schema, since the server started
   */
  record Counts(long unseen, Map<String, Long> tables) {}

  /** The dialect this server counts in; empty where it counts no writes per table. */
  static Optional<TableCounters> of(Connection control) {
    if (enabled(control, USER_STATISTICS_ON)) {
      return Optional.of(USER_STATISTICS);
    }
    return enabled(control, TABLE_IO_ON) ? Optional.of(TABLE_IO) : Optional.empty();
  }

  String describe() {
    return description;
  }

  /**
   * One statement, one result set: a first row of the unseen rows, then one row per table of {@code
   * copy}.
   */
  abstract String sql(String copy);

  /** Reads the result of {@link #sql(String)}. */
  static Counts read(ResultSet rows) throws SQLException {
    long unseen = 0;
    Map<String, Long> tables = new HashMap<>();
    while (rows.next()) {
      String table = rows.getString(1);
      if (table == null) {
        unseen = rows.getLong(2);
      } else {
        tables.put(table, rows.getLong(2));
      }
    }
    return new Counts(unseen, Map.copyOf(tables));
  }

  private static final String USER_STATISTICS_ON =
      "SELECT 1 FROM information_schema.GLOBAL_VARIABLES WHERE VARIABLE_NAME = 'USERSTAT' AND"
          + " VARIABLE_VALUE = 'ON'";

  /** Table I/O waits are instrumented and aggregated (MySQL 8's default). */
  private static final String TABLE_IO_ON =
      "SELECT 1 FROM DUAL WHERE (SELECT COUNT(*) FROM performance_schema.setup_instruments WHERE"
          + " NAME = 'wait/io/table/sql/handler' AND ENABLED = 'YES') + (SELECT COUNT(*) FROM"
          + " performance_schema.setup_consumers WHERE NAME = 'global_instrumentation' AND"
          + " ENABLED = 'YES') = 2";

  private static boolean enabled(Connection control, String sql) {
    try (Statement statement = control.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      return rows.next();
    } catch (SQLException e) {
      // MySQL: no userstat; performance_schema off: no table I/O.
      return false;
    }
  }
}
