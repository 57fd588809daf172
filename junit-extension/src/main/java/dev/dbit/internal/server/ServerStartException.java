package dev.dbit.internal.server;

/** A database server could not be started or reached; the message says what to do. */
public final class ServerStartException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ServerStartException(String message, Throwable cause) {
    super(message, cause);
  }

  public ServerStartException(String message) {
    super(message);
  }
}
