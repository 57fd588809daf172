package dev.dbit;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Keys of the JUnit report entries dbit publishes, so reports and tools can rely on them.
 *
 * <p>Class-level entries are published once per test class when the database is ready.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class ReportKeys {
  /** The server the run uses, for example {@code embedded MariaDB 11.4.5 on 127.0.0.1:41234}. */
  public static final String SERVER = "dbit.server";

  /** Name of the template schema the migrations were applied to. */
  public static final String TEMPLATE = "dbit.template";

  /** {@code true} when an earlier run built the template and this run reused it. */
  public static final String TEMPLATE_REUSED = "dbit.template.reused";

  /** Name of the schema the tests run against. */
  public static final String TEST_SCHEMA = "dbit.test-schema";

  /** The server's version, for example {@code 11.4.5-MariaDB}. */
  public static final String SERVER_VERSION = "dbit.server.version";

  /** The server settings that matter for test speed, as {@code name=value} pairs. */
  public static final String SERVER_SETTINGS = "dbit.server.settings";

  /**
   * Whether the connections dbit hands out use TLS: {@code off}, or {@code on (<cipher>)} with what
   * opening a connection costs with it and without it.
   */
  public static final String SERVER_TLS = "dbit.server.tls";

  /** The server doctor's warnings on one line ({@code none} when no setting slows tests down). */
  public static final String SERVER_WARNINGS = "dbit.server.warnings";

  /** Per test: milliseconds dbit spent restoring the schema before the test. */
  public static final String RESET_MS = "dbit.reset-ms";

  /**
   * Per test: wall-clock milliseconds from the end of dbit's reset to its end reading, so the
   * test's own {@code @BeforeEach} and {@code @AfterEach} methods count.
   */
  public static final String WALL_MS = "dbit.wall-ms";

  /** Per test: CPU milliseconds of the test's thread. */
  public static final String CPU_MS = "dbit.cpu-ms";

  /** Per test: statements executed on connections from dbit. */
  public static final String STATEMENTS = "dbit.statements";

  /** Per test: milliseconds spent inside JDBC calls on connections from dbit. */
  public static final String JDBC_MS = "dbit.jdbc-ms";

  /**
   * Per test: the server's SQL milliseconds on the connections dbit opened for the test ({@link
   * TestMetrics#serverSqlMillis()}); {@code n/a} when unknown.
   */
  public static final String SERVER_SQL_MS = "dbit.server-sql-ms";

  /** Per test: the server's {@code Questions} delta without dbit's own statements. */
  public static final String QUESTIONS = "dbit.questions";

  /**
   * Per test: the stall verdict in one line, starting with {@code ok}, {@code small} (too few
   * statements to judge alone: judged with its class and the run), {@code suspected} or {@code
   * transport stall}.
   */
  public static final String VERDICT = "dbit.verdict";

  /**
   * Per class whose small tests together ran enough statements to be judged: their stall verdict in
   * one line, starting as {@link #VERDICT} does.
   *
   * @since 0.1
   */
  public static final String VERDICT_CLASS = "dbit.verdict.class";

  /**
   * Per run whose small tests together show a confirmed transport stall: the whole stall report,
   * published on the class after which the run's tests first (and then again more fully) showed it.
   *
   * @since 0.1
   */
  public static final String VERDICT_RUN = "dbit.verdict.run";

  /**
   * Per test: statements by {@linkplain StatementKind kind}, for example {@code select=2 insert=1
   * update=0 delete=0 other=0}.
   *
   * @since 0.1
   */
  public static final String STATEMENT_KINDS = "dbit.statements.kinds";

  /**
   * Per test: its statement shapes, the most executed first (at most 50), one per line: count,
   * distinct values, kind, JDBC milliseconds and the shape, separated by tabs. Not in the console
   * line.
   *
   * @since 0.1
   */
  public static final String SHAPES = "dbit.shapes";

  /**
   * Per test with a likely N+1 (a select shape run with at least 10 different values) that no
   * {@link AcceptNPlusOne} accepts: what dbit reported.
   *
   * @since 0.1
   */
  public static final String N_PLUS_ONE = "dbit.n-plus-one";

  private ReportKeys() {}
}
