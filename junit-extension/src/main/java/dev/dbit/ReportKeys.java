package dev.dbit;

/**
 * Keys of the JUnit report entries dbit publishes, so reports and tools can rely on them.
 *
 * <p>Class-level entries are published once per test class when the database is ready.
 */
public final class ReportKeys {
  /** The server the run uses, for example {@code embedded MariaDB 11.4.5 on 127.0.0.1:41234}. */
  public static final String SERVER = "dbit.server";

  /** Name of the template schema the migrations were applied to. */
  public static final String TEMPLATE = "dbit.template";

  /** {@code true} when an earlier run built the template and this run reused it. */
  public static final String TEMPLATE_REUSED = "dbit.template.reused";

  /** Name of the schema the tests run against. */
  public static final String TEST_SCHEMA = "dbit.test-schema";

  private ReportKeys() {}
}
