package dev.dbit.internal.run;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.internal.jdbc.SqlIdentifiers;
import dev.dbit.internal.template.RestoreSql;
import dev.dbit.internal.template.SchemaLayout;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The ways to get a clean schema between two tests that {@link ResetBenchmark} compares with dbit,
 * each written the way a competent user would: every baseline finds what to clean (or cleans
 * everything) and cleans it inside one transaction, so that no method pays one commit per table.
 *
 * <ul>
 *   <li>{@code delete-each}: one {@code DELETE} per table (reference tables reloaded from the
 *       template), each its own round trip, one transaction.
 *   <li>{@code delete-batch}: the same statements in one request, one transaction.
 *   <li>{@code probe-all}: one request asks every table for a row and checksums the reference
 *       tables; a second cleans the dirty tables, in one transaction.
 *   <li>{@code cleanup-only}: not a method a user could run but the floor of all of them: the
 *       cleanup of exactly the tables the typical test wrote, known beforehand, in one request and
 *       one transaction.
 * </ul>
 *
 * <p>Every cleanup deletes the tables triggers write after the tables whose deletion fires those
 * triggers, so that it leaves the schema as the template has it ({@link ResetBenchmark} checks that
 * once per method and server).
 *
 * <ul>
 *   <li>{@code rollback}: no cleanup at all; the test runs inside one transaction that is rolled
 *       back (what Spring's {@code @Transactional} tests do).
 * </ul>
 */
final class ResetMethods {
  /**
   * A typical test's writes: 5 tables, 40 rows; the customer rows fire an audit trigger. Plain
   * statements, as a test sends them.
   */
  static final List<String> TYPICAL_WRITES =
      List.of(
          "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
              + " ('a@x.de','A','DE','de'),('b@x.de','B','DE','de'),('c@x.de','C','DE','de'),"
              + "('d@x.de','D','DE','de'),('e@x.de','E','DE','de')",
          "INSERT INTO product_category (name, slug) VALUES ('K','k'),('B','b')",
          "INSERT INTO product (sku, name, category_id, price_cents, currency_code, tax_rate_code,"
              + " unit_code) SELECT CONCAT('S', n), 'P', (SELECT MIN(id) FROM product_category),"
              + " 100, 'EUR', 'DE_STD', 'PCS' FROM (SELECT 1 n UNION SELECT 2 UNION SELECT 3 UNION"
              + " SELECT 4 UNION SELECT 5 UNION SELECT 6 UNION SELECT 7 UNION SELECT 8) s",
          "INSERT INTO sales_order (order_number, customer_id, status_code, currency_code) SELECT"
              + " CONCAT('SO-', id), id, 'NEW', 'EUR' FROM customer",
          "INSERT INTO sales_order_line (order_id, product_id, quantity, unit_price_cents,"
              + " line_total_cents) SELECT o.id, p.id, 1, 100, 100 FROM sales_order o JOIN (SELECT"
              + " id FROM product LIMIT 4) p");

  /** The tables {@link #TYPICAL_WRITES} writes. */
  static final List<String> TYPICAL_TABLES =
      List.of("customer", "product_category", "product", "sales_order", "sales_order_line");

  /** What a test's assertion reads at its end. */
  static final String ASSERTION = "SELECT COUNT(*) FROM customer";

  private final Connection raw;
  private final String copy;
  private final String template;
  private final SchemaLayout layout;
  private final List<String> deletes = new ArrayList<>();
  private final Map<String, Long> referenceChecksums;

  /**
   * @param raw a connection to the copy with {@code foreign_key_checks} off and multi-statements
   *     on, which the baselines use (dbit never hands out such a connection)
   */
  ResetMethods(Connection raw, WorkerRun run) throws SQLException {
    this.raw = raw;
    this.copy = run.testSchema();
    this.template = run.template().schema();
    this.layout = run.layout();
    for (String table : withTriggerTargetsLast(layout.tables())) {
      deletes.add(cleanupSql(table));
    }
    this.referenceChecksums = checksums();
  }

  /** The typical test's writes, unmeasured, in one request. */
  void writeTypically() throws SQLException {
    multi(String.join(";\n", TYPICAL_WRITES));
  }

  /** A typical test through {@code pool}, statement by statement, ending with its assertion. */
  static void typicalTest(DataSource pool) throws SQLException {
    try (Connection connection = pool.getConnection()) {
      typicalTest(connection);
    }
  }

  /** The same test inside one transaction that is rolled back, on a pool without dbit. */
  static void rolledBackTest(HikariDataSource pool) throws SQLException {
    try (Connection connection = pool.getConnection()) {
      connection.setAutoCommit(false);
      try {
        typicalTest(connection);
      } finally {
        connection.rollback();
        connection.setAutoCommit(true);
      }
    }
  }

  private static void typicalTest(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : TYPICAL_WRITES) {
        statement.executeUpdate(sql);
      }
    }
    assertion(connection);
  }

  static void assertion(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(ASSERTION)) {
      rows.next();
    }
  }

  void selectOne() throws SQLException {
    try (Statement statement = raw.createStatement();
        ResultSet rows = statement.executeQuery("SELECT 1")) {
      rows.next();
    }
  }

  void deleteEach() throws SQLException {
    raw.setAutoCommit(false);
    try (Statement statement = raw.createStatement()) {
      for (String sql : deletes) {
        for (String part : sql.split(";\n")) {
          statement.execute(part);
        }
      }
      raw.commit();
    } finally {
      raw.setAutoCommit(true);
    }
  }

  void deleteBatch() throws SQLException {
    multi(inTransaction(deletes));
  }

  /**
   * dbit 0.1's method: one request asks every empty-after-migration table for a row and checksums
   * the reference tables; one more cleans what is dirty.
   */
  void probeAll() throws SQLException {
    List<String> dirty = dirtyTables();
    if (!dirty.isEmpty()) {
      multi(inTransaction(withTriggerTargetsLast(dirty).stream().map(this::cleanupSql).toList()));
    }
  }

  /**
   * The floor: the cleanup of exactly the tables the typical test wrote (and those their deletion's
   * triggers write), known without asking the server, in one request and one transaction. No method
   * that deletes a test's rows between tests costs less; what dbit costs above it is finding those
   * tables and ending the test's measurement.
   */
  void cleanupOnly() throws SQLException {
    multi(
        inTransaction(
            withTriggerTargetsLast(TYPICAL_TABLES).stream().map(this::cleanupSql).toList()));
  }

  /**
   * The tables that differ from the template: one request asks every empty-after-migration table
   * for a row and checksums the reference tables.
   */
  List<String> dirtyTables() throws SQLException {
    List<String> dirty = new ArrayList<>();
    try (Statement statement = raw.createStatement()) {
      statement.execute(SchemaLayout.probeSql(copy, layout.emptyTables()) + ";\n" + checksumSql());
      try (ResultSet rows = statement.getResultSet()) {
        dirty.addAll(SchemaLayout.nonEmptyTables(rows, layout.emptyTables()));
      }
      statement.getMoreResults();
      try (ResultSet rows = statement.getResultSet()) {
        checksums(rows)
            .forEach(
                (table, sum) -> {
                  if (!sum.equals(referenceChecksums.get(table))) {
                    dirty.add(table);
                  }
                });
      }
    }
    return dirty;
  }

  /**
   * {@code tables} and the tables their triggers write, those last: deleting a trigger's target
   * before its source would leave the rows the trigger writes while its source is deleted.
   */
  private List<String> withTriggerTargetsLast(Collection<String> tables) {
    Set<String> targets = new LinkedHashSet<>();
    for (String table : tables) {
      targets.addAll(layout.triggerTargets().getOrDefault(table, Set.of()));
    }
    List<String> ordered = new ArrayList<>(tables);
    ordered.removeAll(targets);
    ordered.addAll(targets);
    return ordered;
  }

  private String cleanupSql(String table) {
    List<String> columns = layout.referenceColumns().get(table);
    return columns == null
        ? "DELETE FROM " + SqlIdentifiers.qualified(copy, table)
        : RestoreSql.restoreTableSql(
            dev.dbit.internal.template.RowOrigin.schema(template), copy, layout, table);
  }

  private static String inTransaction(List<String> statements) {
    return "START TRANSACTION;\n" + String.join(";\n", statements) + ";\nCOMMIT";
  }

  private void multi(String sql) throws SQLException {
    try (Statement statement = raw.createStatement()) {
      boolean result = statement.execute(sql);
      while (result || statement.getUpdateCount() != -1) {
        result = statement.getMoreResults();
      }
    }
  }

  private String checksumSql() {
    return "CHECKSUM TABLE "
        + String.join(
            ", ",
            layout.referenceTables().stream().map(t -> SqlIdentifiers.qualified(copy, t)).toList());
  }

  private Map<String, Long> checksums() throws SQLException {
    try (Statement statement = raw.createStatement();
        ResultSet rows = statement.executeQuery(checksumSql())) {
      return checksums(rows);
    }
  }

  /** Checksums by table name; MariaDB and MySQL both name the table {@code schema.table}. */
  private Map<String, Long> checksums(ResultSet rows) throws SQLException {
    Map<String, Long> sums = new LinkedHashMap<>();
    String prefix = copy + ".";
    while (rows.next()) {
      String name = rows.getString(1);
      sums.put(name.startsWith(prefix) ? name.substring(prefix.length()) : name, rows.getLong(2));
    }
    return sums;
  }
}
