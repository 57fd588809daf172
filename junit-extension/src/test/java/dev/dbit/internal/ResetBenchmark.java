package dev.dbit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.jdbc.SqlIdentifiers;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.server.EmbeddedMariaDb;
import dev.dbit.internal.template.SchemaCopier;
import dev.dbit.internal.template.SchemaLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Reset and measurement costs side by side, in one run, same N, same workload, same server.
 *
 * <p>Not a timed test: it prints numbers and asserts none of them. Run it with {@code
 * -Ddbit.bench=full} (N=200) or {@code -Ddbit.bench=smoke} (N=3, what CI runs to check that it
 * works). Prints {@code bench <scenario> <method> n=<N> p10_ms=<x> p50_ms=<x> p90_ms=<x>} lines and
 * writes them to {@code target/dbit-bench.txt}.
 */
class ResetBenchmark {
  private final String mode = System.getProperty("dbit.bench", "");
  private final List<String> lines = new ArrayList<>();

  /** What the numbers were taken on, for the page. */
  private static String conditions() {
    return String.format(
        "Embedded MariaDB %s, Connector/J %s, Java %s, %d cores, %s %s; the 135-table schema in"
            + " `schemas/`.",
        EmbeddedMariaDb.VERSION,
        com.mysql.cj.Constants.CJ_VERSION,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("os.name"),
        System.getProperty("os.arch"));
  }

  private int n(int full, int smoke) {
    return mode.equals("full") ? full : smoke;
  }

  @Test
  void measuresResetStartAndAccountingCosts() throws Exception {
    assumeThat(mode).as("run with -Ddbit.bench=full or -Ddbit.bench=smoke").isIn("full", "smoke");
    DbitConfiguration config = new ConfigurationReader(key -> Optional.empty()).read();
    startTimes(config);
    try (EmbeddedMariaDb server =
            EmbeddedMariaDb.start(Path.of(System.getProperty("user.home"), ".cache", "dbit"));
        DbitRun run = DbitRun.start(config, server, getClass().getClassLoader())) {
      ConnectionFactory direct =
          ConnectionFactory.of(
              server,
              Map.of("allowMultiQueries", "true"),
              dev.dbit.internal.config.Timeouts.DEFAULTS);
      try (Connection raw = direct.open(run.testSchema())) {
        try (Statement statement = raw.createStatement()) {
          statement.execute("SET SESSION foreign_key_checks = 0");
        }
        roundTripLoop(raw);
        Resets resets = new Resets(run, raw);
        resets.measure("reset-typical", true, n(200, 3));
        resets.measure("reset-clean", false, n(200, 3));
      }
      statementOverhead(run.dataSource(), n(50, 3));
    }
    Files.createDirectories(Path.of("target"));
    Files.write(Path.of("target", "dbit-bench.txt"), lines);
    if (mode.equals("full")) {
      System.out.println(
          "benchmark page written: "
              + BenchmarkPage.write(
                  Path.of("..").toAbsolutePath().normalize(), lines, conditions()));
    }
    assertThat(lines)
        .extracting(line -> line.split(" ")[1] + " " + line.split(" ")[2])
        .contains(
            "round-trip select1",
            "round-trip select1-loop",
            "reset-typical dbit",
            "reset-typical dbit+measure",
            "reset-typical delete-each",
            "reset-typical delete-multi",
            "reset-typical probe-all",
            "reset-typical truncate",
            "reset-clean dbit",
            "reset-clean dbit+measure",
            "reset-clean delete-each",
            "reset-clean delete-multi",
            "reset-clean probe-all",
            "reset-clean truncate",
            "start-cold dbit",
            "start-warm dbit",
            "stmt-overhead dbit",
            "stmt-overhead dbit-real-server");
  }

  private void print(String scenario, String method, List<Double> millis) {
    Percentiles p = Percentiles.of(millis);
    String line =
        String.format(
            Locale.ROOT,
            "bench %s %s n=%d p10_ms=%.4f p50_ms=%.4f p90_ms=%.4f",
            scenario,
            method,
            p.n(),
            p.p10(),
            p.p50(),
            p.p90());
    lines.add(line);
    System.out.println(line);
  }

  /** Cold: data directory removed, binaries cached. Warm: template and copy reused. */
  private void startTimes(DbitConfiguration config) throws Exception {
    Path root = Path.of("target", "bench-embedded").toAbsolutePath();
    Path data = root.resolve("data-" + EmbeddedMariaDb.VERSION);
    startOnce(root, config); // unpacks the binaries once, not measured
    List<Double> cold = new ArrayList<>();
    for (int i = 0; i < n(3, 1); i++) {
      deleteTree(data);
      cold.add(startOnce(root, config));
    }
    print("start-cold", "dbit", cold);
    List<Double> warm = new ArrayList<>();
    for (int i = 0; i < n(5, 1); i++) {
      warm.add(startOnce(root, config));
    }
    print("start-warm", "dbit", warm);
  }

  /** Milliseconds from nothing running to a ready test schema and pool. */
  private double startOnce(Path root, DbitConfiguration config) {
    long start = System.nanoTime();
    try (EmbeddedMariaDb server = EmbeddedMariaDb.start(root);
        DbitRun run = DbitRun.start(config, server, getClass().getClassLoader())) {
      double millis = (System.nanoTime() - start) / 1e6;
      assertThat(run.layout().tables()).hasSize(135);
      return millis;
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /**
   * Back-to-back {@code SELECT 1}: the fastest a round trip gets, with every cache warm. The
   * comparable floor for a reset is {@code round-trip select1}, taken between tests like the
   * resets.
   */
  private void roundTripLoop(Connection raw) throws SQLException {
    List<Double> millis = new ArrayList<>();
    try (Statement statement = raw.createStatement()) {
      for (int i = 0; i < n(200, 3) + 10; i++) {
        long start = System.nanoTime();
        try (ResultSet rows = statement.executeQuery("SELECT 1")) {
          rows.next();
        }
        if (i >= 10) {
          millis.add((System.nanoTime() - start) / 1e6);
        }
      }
    }
    print("round-trip", "select1-loop", millis);
  }

  /**
   * Per-statement cost of dbit's accounting (the proxy that counts statements and times JDBC calls,
   * the statement watches, the leak watch): batches of 20,000 {@code SELECT ?} through dbit's
   * listeners and through the bare driver, alternating, on an {@link InstantJdbc} driver that
   * answers at once, so that the difference is dbit's CPU time alone. The same difference taken on
   * the real server ({@code dbit-real-server}, batches of 500) is printed too: a round trip's
   * jitter is larger than the overhead, so that line mostly shows noise.
   */
  private void statementOverhead(DataSource proxied, int batches) throws SQLException {
    DataSource instant = InstantJdbc.dataSource();
    print(
        "stmt-overhead",
        "dbit",
        differences(instant, RunStarter.withAccounting(instant), 20_000, 5, batches));
    print(
        "stmt-overhead",
        "dbit-real-server",
        differences(proxied.unwrap(HikariDataSource.class), proxied, 500, 2, batches));
  }

  /**
   * Milliseconds per statement that {@code measured} takes longer than {@code plain}, one value per
   * pair of alternating batches, after {@code warmup} unrecorded pairs.
   */
  private static List<Double> differences(
      DataSource plain, DataSource measured, int statements, int warmup, int pairs)
      throws SQLException {
    List<Double> differences = new ArrayList<>();
    for (int i = 0; i < warmup + pairs; i++) {
      double base = batch(plain, statements);
      double with = batch(measured, statements);
      if (i >= warmup) {
        differences.add(with - base);
      }
    }
    return differences;
  }

  private static double batch(DataSource dataSource, int statements) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement select = connection.prepareStatement("SELECT ?")) {
      long start = System.nanoTime();
      for (int i = 0; i < statements; i++) {
        select.setInt(1, i);
        try (ResultSet rows = select.executeQuery()) {
          rows.next();
        }
      }
      return (System.nanoTime() - start) / 1e6 / statements;
    }
  }

  /**
   * The reset methods compared, all on the same copy, each followed by an unmeasured dbit reset.
   */
  private final class Resets {
    private final DbitRun run;
    private final Connection raw;
    private final String copy;
    private final SchemaLayout layout;
    private final List<String> statements = new ArrayList<>();
    private final List<String> truncates = new ArrayList<>();
    private Map<String, Long> referenceChecksums;

    Resets(DbitRun run, Connection raw) throws SQLException {
      this.run = run;
      this.raw = raw;
      this.copy = run.testSchema();
      this.layout = run.layout();
      for (String table : layout.tables()) {
        List<String> columns = layout.referenceColumns().get(table);
        if (columns == null) {
          statements.add("DELETE FROM " + SqlIdentifiers.qualified(copy, table));
          truncates.add("TRUNCATE TABLE " + SqlIdentifiers.qualified(copy, table));
        } else {
          for (String sql :
              SchemaCopier.restoreTableSql(run.templateSchema(), copy, table, columns)
                  .split(";\n")) {
            statements.add(sql);
            truncates.add(sql);
          }
        }
      }
      referenceChecksums = checksums();
    }

    void measure(String scenario, boolean typical, int n) throws SQLException {
      Map<String, List<Double>> results = new LinkedHashMap<>();
      List<String> methods = new ArrayList<>();
      methods.addAll(List.of("dbit", "delete-each", "delete-multi", "probe-all", "truncate"));
      if (!typical) {
        // One round trip, taken where the resets run: between two tests.
        methods.add("select1");
      }
      for (String method : methods) {
        results.put(method, new ArrayList<>());
      }
      results.put("dbit+measure", new ArrayList<>());
      run.beginTest(false);
      // A new random order each round, so that no method always follows the same one (a TRUNCATE
      // leaves the server busy for a while, say).
      java.util.Random order = new java.util.Random(42);
      for (int i = 0; i < n; i++) {
        java.util.Collections.shuffle(methods, order);
        for (String method : methods) {
          if (typical) {
            typicalTest();
          }
          // Every test ends with a query through dbit's pool, as a test's assertion would.
          try (Connection pooled = run.dataSource().getConnection()) {
            countCustomers(pooled);
          }
          long measureStart = System.nanoTime();
          long start = measureStart;
          switch (method) {
            case "dbit" -> {
              // dbit+measure: everything dbit does between two tests (end reading, reset that
              // starts the next measurement). dbit: the reset alone, like the other methods.
              run.endTest("benchmark");
              start = System.nanoTime();
              run.beginTest(false);
              results.get("dbit+measure").add((System.nanoTime() - measureStart) / 1e6);
            }
            case "select1" -> selectOne();
            case "delete-each" -> deleteEach();
            case "delete-multi" -> multi(statements);
            case "probe-all" -> probeAll();
            default -> multi(truncates);
          }
          results.get(method).add((System.nanoTime() - start) / 1e6);
          if (!method.equals("dbit")) {
            // Unmeasured: dbit notes what the method changed, so its own state stays right.
            run.endTest("benchmark");
            run.beginTest(false);
          }
        }
      }
      run.endTest("benchmark");
      results.forEach(
          (method, millis) -> {
            if (method.equals("select1")) {
              print("round-trip", "select1", millis);
            } else {
              print(scenario, method, millis);
            }
          });
    }

    private void countCustomers(Connection connection) throws SQLException {
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM customer")) {
        rows.next();
      }
    }

    private void selectOne() throws SQLException {
      try (Statement statement = raw.createStatement();
          ResultSet rows = statement.executeQuery("SELECT 1")) {
        rows.next();
      }
    }

    /** A typical test: 5 tables, 40 rows. */
    private void typicalTest() throws SQLException {
      try (Statement statement = raw.createStatement()) {
        statement.execute(
            "INSERT INTO customer (email, full_name, country_code, language_code) VALUES"
                + " ('a@x.de','A','DE','de'),('b@x.de','B','DE','de'),('c@x.de','C','DE','de'),('d@x.de','D','DE','de'),('e@x.de','E','DE','de');\n"
                + "INSERT INTO product_category (name, slug) VALUES ('K','k'),('B','b');\n"
                + "INSERT INTO product (sku, name, category_id, price_cents, currency_code, tax_rate_code, unit_code)"
                + " SELECT CONCAT('S', n), 'P', (SELECT MIN(id) FROM product_category), 100, 'EUR', 'DE_STD', 'PCS' FROM"
                + " (SELECT 1 n UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 UNION SELECT 5 UNION SELECT 6 UNION SELECT 7 UNION SELECT 8) s;\n"
                + "INSERT INTO sales_order (order_number, customer_id, status_code, currency_code) SELECT CONCAT('SO-', id), id, 'NEW', 'EUR' FROM customer;\n"
                + "INSERT INTO sales_order_line (order_id, product_id, quantity, unit_price_cents, line_total_cents)"
                + " SELECT o.id, p.id, 1, 100, 100 FROM sales_order o JOIN (SELECT id FROM product LIMIT 4) p");
        while (statement.getMoreResults() || statement.getUpdateCount() != -1) {
          // drain
        }
      }
    }

    private void deleteEach() throws SQLException {
      try (Statement statement = raw.createStatement()) {
        for (String sql : statements) {
          statement.execute(sql);
        }
      }
    }

    private void multi(List<String> sqls) throws SQLException {
      try (Statement statement = raw.createStatement()) {
        boolean result = statement.execute(String.join(";\n", sqls));
        while (result || statement.getUpdateCount() != -1) {
          result = statement.getMoreResults();
        }
      }
    }

    /** dbit 0.1's method: probe every table, checksum reference tables, delete what is dirty. */
    private void probeAll() throws SQLException {
      List<String> dirty =
          new ArrayList<>(SchemaLayout.nonEmptyTables(raw, copy, layout.emptyTables()));
      checksums()
          .forEach(
              (table, sum) -> {
                if (!sum.equals(referenceChecksums.get(table))) {
                  dirty.add(table);
                }
              });
      if (dirty.isEmpty()) {
        return;
      }
      List<String> sqls = new ArrayList<>();
      for (String table : dirty) {
        List<String> columns = layout.referenceColumns().get(table);
        sqls.add(
            columns == null
                ? "DELETE FROM " + SqlIdentifiers.qualified(copy, table)
                : SchemaCopier.restoreTableSql(run.templateSchema(), copy, table, columns));
      }
      multi(sqls);
    }

    private Map<String, Long> checksums() throws SQLException {
      Map<String, Long> sums = new LinkedHashMap<>();
      if (layout.referenceTables().isEmpty()) {
        return sums;
      }
      String sql =
          "CHECKSUM TABLE "
              + String.join(
                  ", ",
                  layout.referenceTables().stream()
                      .map(t -> SqlIdentifiers.qualified(copy, t))
                      .toList());
      try (Statement statement = raw.createStatement();
          ResultSet rows = statement.executeQuery(sql)) {
        while (rows.next()) {
          sums.put(rows.getString(1), rows.getLong(2));
        }
      }
      return sums;
    }
  }
}
