package dev.dbit.internal.template;

/**
 * A Flyway migration failed while dbit built the template; the message names file and statement.
 */
public final class MigrationFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MigrationFailedException(String message, Throwable cause) {
    super(message, cause);
  }
}
