package dev.dbit.internal.template;

import java.lang.System.Logger.Level;
import java.util.Locale;
import org.flywaydb.core.api.callback.Callback;
import org.flywaydb.core.api.callback.Context;
import org.flywaydb.core.api.callback.Event;

/**
 * Progress lines while Flyway builds a template: after a migration file, once {@value #EVERY_MS} ms
 * have passed since the start or the last line, which file, how many of how many, and the rate in
 * files per second, so that a long cold migration (a large seed) is never silent; a short one
 * prints nothing but the "took" line.
 */
final class MigrationProgress implements Callback {
  private static final System.Logger LOG = System.getLogger("dev.dbit");
  static final long EVERY_MS = 2000;

  private final String template;
  private final long start = System.nanoTime();
  private long lastLine = start;
  private int total;
  private int done;

  MigrationProgress(String template) {
    this.template = template;
  }

  /** The number of migrations about to be applied. */
  void expect(int total) {
    this.total = total;
  }

  @Override
  public boolean supports(Event event, Context context) {
    return event == Event.AFTER_EACH_MIGRATE;
  }

  @Override
  public boolean canHandleInTransaction(Event event, Context context) {
    return true;
  }

  @Override
  public void handle(Event event, Context context) {
    done++;
    long now = System.nanoTime();
    if ((now - lastLine) / 1_000_000 < EVERY_MS) {
      return;
    }
    lastLine = now;
    double seconds = (now - start) / 1e9;
    LOG.log(
        Level.INFO,
        String.format(
            Locale.ROOT,
            "dbit: migrating template %s: %s applied, %d of %d files in %.1f s (%.1f files/s)",
            template,
            context.getMigrationInfo() == null ? "?" : context.getMigrationInfo().getScript(),
            done,
            total,
            seconds,
            done / Math.max(seconds, 1e-3)));
  }

  @Override
  public String getCallbackName() {
    return "dbit progress";
  }
}
