package dev.dbit.internal.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.dbit.LargeTableSchema;
import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.Secret;
import dev.dbit.internal.config.Timeouts;
import dev.dbit.internal.jdbc.ConnectionFactory;
import dev.dbit.internal.measure.TestConnections;
import dev.dbit.internal.report.Percentiles;
import dev.dbit.internal.reset.ReadingCosts;
import dev.dbit.internal.server.DatabaseServer;
import dev.dbit.internal.server.EmbeddedMariaDb;
import dev.dbit.internal.server.EmbeddedMySql;
import dev.dbit.internal.server.ExternalServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * What dbit costs between two tests against what a competent user does instead, on every server
 * dbit runs on here, in one run: the embedded MariaDB, the embedded MySQL and the MariaDB on
 * 127.0.0.1:3306 (skipped with a line saying so when nothing listens there).
 *
 * <p>Not a timed test: it prints numbers and asserts none of them. Run it with {@code
 * -Ddbit.bench=full} (N=200), {@code -Ddbit.bench=quick} (N=30, no cold starts, no page) or {@code
 * -Ddbit.bench=smoke} (N=3, no cold starts: what CI runs to check that it works); {@code
 * -Ddbit.bench.servers=mysql,external} measures only those, {@code -Ddbit.bench.only=starts} only
 * the start lines, {@code -Ddbit.bench.only=cascade} only {@code reset-cascade}, {@code
 * -Ddbit.bench.only=tree} only {@code reset-tree}, {@code -Ddbit.bench.only=class-fixture} only the
 * class fixture lines ({@link ClassFixtures}) and {@code -Ddbit.bench.only=readings} only {@code
 * reading-parts} (no page). Prints {@code bench <scenario> <method>@<server> n=<N> p10_ms=<x>
 * p50_ms=<x> p90_ms=<x>} lines, writes them to {@code target/dbit-bench.txt} and, in full mode,
 * writes {@code docs/benchmark.md}.
 */
class ResetBenchmark {
  private static final String EXTERNAL_HOST = "127.0.0.1";
  private static final int EXTERNAL_PORT = 3306;

  private final String mode = System.getProperty("dbit.bench", "");

  /**
   * {@code -Ddbit.bench.only=starts}: the start lines alone, every server; {@code cascade}: the
   * {@code reset-cascade} lines alone; {@code tree}: the {@code reset-tree} lines alone; {@code
   * readings}: the {@code reading-parts} lines alone (the embedded MySQL); no page either way.
   */
  private final String only = System.getProperty("dbit.bench.only", "");

  private final boolean startsOnly = only.equals("starts");

  private final List<String> lines = new ArrayList<>();
  private final List<String> servers = new ArrayList<>();

  private int n(int full, int smoke) {
    return switch (mode) {
      case "full" -> full;
      case "quick" -> Math.min(full, 30);
      default -> smoke;
    };
  }

  /** A server under test: its short name in method names and how to start it under a root. */
  private record Target(String name, Function<Path, DatabaseServer> start, boolean embedded) {}

  /** The embedded MariaDB with {@code userstat} on and its log in statement format. */
  private static DatabaseServer mariaDbOnUserStatistics(Path root) {
    EmbeddedMariaDb server = EmbeddedMariaDb.start(root);
    try (java.sql.Connection connection =
            java.sql.DriverManager.getConnection(
                "jdbc:mysql://127.0.0.1:" + server.port() + "/?sslMode=DISABLED", "root", "");
        java.sql.Statement statement = connection.createStatement()) {
      statement.execute("SET GLOBAL userstat = 1, binlog_format = 'STATEMENT'");
    } catch (java.sql.SQLException e) {
      server.close();
      throw new IllegalStateException(e);
    }
    return server;
  }

  @Test
  void measuresEveryServer() throws Exception {
    assumeThat(mode)
        .as("run with -Ddbit.bench=full or -Ddbit.bench=smoke")
        .isIn("full", "quick", "smoke");
    // -Ddbit.* settings apply, e.g. -Ddbit.reset.triggers=false for a server dbit may not mark.
    DbitConfiguration config =
        new ConfigurationReader(key -> Optional.ofNullable(System.getProperty(key))).read();
    ClassLoader loader = getClass().getClassLoader();
    List<Target> targets = new ArrayList<>();
    targets.add(new Target("mariadb", EmbeddedMariaDb::start, true));
    // The same server with user statistics as the change source: its log in statement format,
    // which dbit cannot follow (docs/design/reset.md compares the two).
    targets.add(new Target("mariadb-userstat", ResetBenchmark::mariaDbOnUserStatistics, true));
    targets.add(
        new Target("mysql", root -> EmbeddedMySql.start(root, config.mysqld(), loader), true));
    if (reachable()) {
      targets.add(
          new Target(
              "external",
              root ->
                  ExternalServer.fromUrl(
                      "jdbc:mysql://" + EXTERNAL_HOST + ":" + EXTERNAL_PORT + "/",
                      "root",
                      Secret.of("")),
              false));
    } else {
      System.out.println("bench skipped external: nothing listens on 127.0.0.1:3306");
    }
    List<String> wanted = List.of(System.getProperty("dbit.bench.servers", "").split(","));
    targets.removeIf(target -> !wanted.equals(List.of("")) && !wanted.contains(target.name()));
    for (Target target : targets) {
      measure(target, config);
    }
    if ((wanted.equals(List.of("")) || wanted.contains("containers"))
        && !only.equals("cascade")
        && !only.equals("tree")
        && !only.equals("class-fixture")) {
      ContainerStarts.measure(n(5, 1), this::print, loader);
    }
    Files.createDirectories(Path.of("target"));
    Files.write(Path.of("target", "dbit-bench.txt"), lines);
    if (mode.equals("full") && only.isEmpty()) {
      System.out.println(
          "benchmark page written: "
              + BenchmarkPage.write(
                  Path.of("..").toAbsolutePath().normalize(), lines, conditions()));
    }
    for (Target target : targets) {
      String at = "@" + target.name();
      if (!only.isEmpty()) {
        assertThat(lines).isNotEmpty();
        continue;
      }
      assertThat(lines)
          .extracting(line -> line.split(" ")[1] + " " + line.split(" ")[2])
          .contains(
              "round-trip select1" + at,
              "reset-typical dbit" + at,
              "reset-typical delete-each" + at,
              "reset-typical delete-batch" + at,
              "reset-typical probe-all" + at,
              "reset-clean dbit" + at,
              "test-typical dbit" + at,
              "test-typical rollback" + at,
              "start-warm dbit" + at,
              "reset-cascade parent-delete" + at);
    }
  }

  private void measure(Target target, DbitConfiguration config) throws Exception {
    String at = "@" + target.name();
    if (only.equals("readings")) {
      try (DatabaseServer server = target.start().apply(config.embeddedDir())) {
        measureResets(server, config, target, at);
      }
      return;
    }
    if (only.equals("cascade") || only.equals("tree") || only.equals("class-fixture")) {
      try (DatabaseServer server = target.start().apply(config.embeddedDir())) {
        switch (only) {
          case "cascade" -> CascadeResets.measure(server, n(200, 3), at, this::print);
          case "tree" -> TreeResets.measure(server, n(100, 2), at, this::print);
          default -> ClassFixtures.measure(server, n(10, 1), at, this::print);
        }
      }
      return;
    }
    if (target.embedded() && mode.equals("full")) {
      startCold(target, config.embeddedDir().resolve("benchmark-cold"), at);
    }
    List<Double> warm = new ArrayList<>();
    for (int i = 0; i < n(5, 1); i++) {
      warm.add(startOnce(target, config.embeddedDir(), config));
    }
    print("start-warm", "dbit" + at, warm);
    if (startsOnly) {
      return;
    }
    try (DatabaseServer server = target.start().apply(config.embeddedDir())) {
      measureResets(server, config, target, at);
      try (WorkerRun large =
          RunStarter.start(largeTableConfig(), server, getClass().getClassLoader())) {
        largeTableResets(large, n(200, 3), at);
      }
      CascadeResets.measure(server, n(200, 3), at, this::print);
      TreeResets.measure(server, n(100, 2), at, this::print);
      ClassFixtures.measure(server, n(10, 1), at, this::print);
    }
  }

  private void measureResets(
      DatabaseServer server, DbitConfiguration config, Target target, String at)
      throws SQLException {
    try (WorkerRun run = RunStarter.start(config, server, getClass().getClassLoader())) {
      servers.add(target.name() + ": " + run.serverDescription());
      ConnectionFactory direct =
          ConnectionFactory.of(server, Map.of("allowMultiQueries", "true"), Timeouts.DEFAULTS);
      try (Connection raw = direct.open(run.testSchema())) {
        try (Statement statement = raw.createStatement()) {
          statement.execute("SET SESSION foreign_key_checks = 0");
        }
        roundTripLoop(raw, at);
        if (!target.name().equals("external")) {
          ReadingCosts.measure(raw, n(300, 3), (part, ms) -> print("reading-parts", part + at, ms));
        }
        if (only.equals("readings")) {
          return;
        }
        Rotation rotation = new Rotation(run, new ResetMethods(raw, run), at);
        rotation.resets("reset-typical", true, n(200, 3));
        rotation.resets("reset-clean", false, n(200, 3));
        rotation.tests(n(200, 3));
      }
      if (target.name().equals("mariadb")) {
        statementOverhead(run.dataSource(), n(50, 3), at);
      }
    }
  }

  /** The large table fixture, at a fixed place so that later runs reuse its template. */
  private static DbitConfiguration largeTableConfig() throws IOException {
    return fixtureConfig("bench-large-table", "V1__images.sql", LargeTableSchema.SQL);
  }

  /**
   * A run's configuration whose migration is {@code sql}, written to {@code target/<dir>/<file>}: a
   * fixed place, so that later runs reuse its template.
   */
  static DbitConfiguration fixtureConfig(String dir, String file, String sql) throws IOException {
    Path place = Path.of("target", dir).toAbsolutePath();
    Files.createDirectories(place);
    Files.writeString(place.resolve(file), sql);
    String location = "filesystem:" + place;
    return new ConfigurationReader(
            key -> key.equals("dbit.migrations") ? Optional.of(location) : Optional.empty())
        .read();
  }

  /**
   * Everything dbit does between two tests on the large table fixture (100,000 rows with a blob),
   * after a test that changed nothing, rolled its update back, or updated, deleted or inserted one
   * row of it. Each test ends with one query through dbit's pool, as an assertion would. The first
   * round checks that each reset left the table as the template has it.
   */
  private void largeTableResets(WorkerRun run, int n, String at) throws SQLException {
    List<String> names =
        new ArrayList<>(List.of("nothing", "rolled-back", "update", "delete", "insert"));
    Map<String, List<Double>> results = results(names);
    Random order = new Random(7);
    long template = imageChecksum(run, run.template().schema());
    run.tests().begin(false);
    for (int i = 0; i < n; i++) {
      Collections.shuffle(names, order);
      for (String name : names) {
        int id = order.nextInt(100_000);
        try (Connection pooled = run.dataSource().getConnection();
            Statement statement = pooled.createStatement()) {
          switch (name) {
            case "rolled-back" -> {
              pooled.setAutoCommit(false);
              statement.executeUpdate("UPDATE image SET png = UNHEX('00') WHERE id = " + id);
              pooled.rollback();
              pooled.setAutoCommit(true);
            }
            case "update" ->
                statement.executeUpdate("UPDATE image SET png = UNHEX('00') WHERE id = " + id);
            case "delete" -> statement.executeUpdate("DELETE FROM image WHERE id = " + id);
            case "insert" ->
                statement.executeUpdate(
                    "INSERT INTO image (id, gallery_id, name, png) VALUES (200000, 1, 'new',"
                        + " UNHEX('01'))");
            default -> {
              // changed nothing
            }
          }
          try (ResultSet rows =
              statement.executeQuery("SELECT COUNT(*) FROM image WHERE id = " + id)) {
            rows.next();
          }
        }
        long start = System.nanoTime();
        run.tests().end("benchmark");
        run.tests().begin(false);
        results.get(name).add((System.nanoTime() - start) / 1e6);
        if (i == 0) {
          assertThat(imageChecksum(run, run.testSchema()))
              .as("image after the reset that followed a test that did: " + name + at)
              .isEqualTo(template);
        }
      }
    }
    run.tests().end("benchmark");
    results.forEach((name, millis) -> print("reset-large", name + at, millis));
  }

  private static long imageChecksum(WorkerRun run, String schema) throws SQLException {
    try (Connection connection = run.dataSource().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery("CHECKSUM TABLE `" + schema + "`.`image` EXTENDED")) {
      rows.next();
      return rows.getLong(2);
    }
  }

  private static boolean reachable() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(EXTERNAL_HOST, EXTERNAL_PORT), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** What the numbers were taken on, for the page. */
  private String conditions() {
    return String.format(
        "Connector/J %s, Java %s, %d cores, %s %s; the 135-table schema in `schemas/` and, for"
            + " `reset-large`, the large table fixture (`LargeTableSchema` in the tests); for"
            + " `reset-cascade`, the cascade fixture (`CascadeSchema`); for `reset-tree`, the tree"
            + " fixture (`TreeSchema`)."
            + " Servers: %s.",
        com.mysql.cj.Constants.CJ_VERSION,
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        String.join("; ", servers));
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

  /**
   * Cold: the data directories under {@code root} removed, binaries already unpacked there (the
   * first, unmeasured start unpacks them).
   */
  private void startCold(Target target, Path root, String at) throws Exception {
    DbitConfiguration config = new ConfigurationReader(key -> Optional.empty()).read();
    startOnce(target, root, config);
    List<Double> cold = new ArrayList<>();
    for (int i = 0; i < n(3, 1); i++) {
      try (Stream<Path> dirs = Files.list(root)) {
        for (Path dir : dirs.filter(d -> d.getFileName().toString().contains("data-")).toList()) {
          deleteTree(dir);
        }
      }
      cold.add(startOnce(target, root, config));
    }
    print("start-cold", "dbit" + at, cold);
  }

  /** Milliseconds from nothing running to a ready test schema and pool. */
  private double startOnce(Target target, Path root, DbitConfiguration config) {
    long start = System.nanoTime();
    try (DatabaseServer server = target.start().apply(root);
        WorkerRun run = RunStarter.start(config, server, getClass().getClassLoader())) {
      double millis = (System.nanoTime() - start) / 1e6;
      assertThat(run.layout().tables()).hasSize(135);
      return millis;
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /** Back-to-back {@code SELECT 1}: the fastest a round trip gets, with every cache warm. */
  private void roundTripLoop(Connection raw, String at) throws SQLException {
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
    print("round-trip", "select1-loop" + at, millis);
  }

  /**
   * Per-statement cost of dbit's accounting (the proxy that counts statements and times JDBC calls,
   * the statement watches, the leak watch): batches of 20,000 {@code SELECT ?} through dbit's
   * listeners and through the bare driver, alternating, on an {@link InstantJdbc} driver that
   * answers at once, so that the difference is dbit's CPU time alone. The same difference taken on
   * the real server ({@code dbit-real-server}, batches of 500) is printed too: a round trip's
   * jitter is larger than the overhead, so that line mostly shows noise.
   */
  private void statementOverhead(DataSource proxied, int batches, String at) throws SQLException {
    DataSource instant = InstantJdbc.dataSource();
    print(
        "stmt-overhead", "dbit", differences(instant, withAccounting(instant), 20_000, 5, batches));
    print(
        "stmt-overhead",
        "dbit-real-server" + at,
        differences(proxied.unwrap(HikariDataSource.class), proxied, 500, 2, batches));
  }

  /**
   * Milliseconds per statement that {@code measured} takes longer than {@code plain}, one value per
   * pair of alternating batches, after {@code warmup} unrecorded pairs.
   */
  /**
   * {@code target} behind fresh copies of the listeners dbit puts on the pool it hands out, as
   * during a test (statement shapes counted).
   */
  private static DataSource withAccounting(DataSource target) {
    Watches watches = Watches.fresh(new TestConnections(false));
    watches.shapes().startTest(Accounting.SHAPE_VALUES_COUNTED);
    return Accounting.accounted("dbit", target, watches, true);
  }

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
   * The methods of one scenario in a new random order each round, so that no method always follows
   * the same one; after every baseline an unmeasured dbit reset, so that dbit's own state stays
   * right and every method starts from the same clean schema.
   */
  private final class Rotation {
    private final WorkerRun run;
    private final ResetMethods methods;
    private final String at;
    private final Random order = new Random(42);

    Rotation(WorkerRun run, ResetMethods methods, String at) {
      this.run = run;
      this.methods = methods;
      this.at = at;
    }

    /**
     * Between two tests. {@code dbit}: the reading that ends the test's measurement plus the reset
     * that starts the next one; the baselines: their detection plus their cleanup.
     */
    void resets(String scenario, boolean typical, int n) throws SQLException {
      List<String> names =
          new ArrayList<>(List.of("dbit", "delete-each", "delete-batch", "probe-all"));
      if (typical) {
        names.add("cleanup-only"); // the floor: what the cleanup alone costs
      } else {
        names.add("select1"); // one round trip, taken where the resets run: between two tests
      }
      Map<String, List<Double>> results = results(names);
      results.put("dbit-end", new ArrayList<>());
      results.put("dbit-reset", new ArrayList<>());
      run.tests().begin(false);
      for (int i = 0; i < n; i++) {
        Collections.shuffle(names, order);
        for (String name : names) {
          if (typical) {
            methods.writeTypically();
          }
          // Every test ends with its assertion through dbit's pool.
          try (Connection pooled = run.dataSource().getConnection()) {
            ResetMethods.assertion(pooled);
          }
          long start = System.nanoTime();
          switch (name) {
            case "dbit" -> {
              run.tests().end("benchmark");
              long ended = System.nanoTime();
              run.tests().begin(false);
              results.get("dbit-end").add((ended - start) / 1e6);
              results.get("dbit-reset").add((System.nanoTime() - ended) / 1e6);
            }
            case "select1" -> methods.selectOne();
            case "delete-each" -> methods.deleteEach();
            case "delete-batch" -> methods.deleteBatch();
            case "cleanup-only" -> methods.cleanupOnly();
            default -> methods.probeAll();
          }
          results.get(name).add((System.nanoTime() - start) / 1e6);
          if (i == 0) {
            // A baseline that leaves rows behind would be faster for it: each must clean all.
            assertThat(methods.dirtyTables()).as(name + at + " left these tables dirty").isEmpty();
          }
          if (!name.equals("dbit")) {
            run.tests().end("benchmark");
            run.tests().begin(false);
          }
        }
      }
      run.tests().end("benchmark");
      results.forEach(
          (name, millis) ->
              print(name.equals("select1") ? "round-trip" : scenario, name + at, millis));
    }

    /**
     * A whole typical test, its writes and assertion included: through dbit's pool followed by
     * everything dbit does between two tests, against the same test inside one transaction rolled
     * back at its end on a plain HikariCP pool.
     */
    void tests(int n) throws SQLException {
      HikariDataSource plain = run.dataSource().unwrap(HikariDataSource.class);
      List<String> names = new ArrayList<>(List.of("dbit", "rollback"));
      Map<String, List<Double>> results = results(names);
      run.tests().begin(false);
      for (int i = 0; i < n; i++) {
        Collections.shuffle(names, order);
        for (String name : names) {
          long start = System.nanoTime();
          if (name.equals("dbit")) {
            ResetMethods.typicalTest(run.dataSource());
            run.tests().end("benchmark");
            run.tests().begin(false);
          } else {
            ResetMethods.rolledBackTest(plain);
          }
          results.get(name).add((System.nanoTime() - start) / 1e6);
          if (!name.equals("dbit")) {
            run.tests().end("benchmark");
            run.tests().begin(false);
          }
        }
      }
      run.tests().end("benchmark");
      results.forEach((name, millis) -> print("test-typical", name + at, millis));
    }
  }

  /** An empty list of milliseconds per method, in the given order. */
  private static Map<String, List<Double>> results(List<String> names) {
    Map<String, List<Double>> results = new LinkedHashMap<>();
    names.forEach(name -> results.put(name, new ArrayList<>()));
    return results;
  }
}
