package dev.dbit.internal.jdbc;

/**
 * The database server stopped answering mid-run and could not be reached again: every remaining
 * test of the run fails at once with this message instead of waiting on a dead server.
 */
public final class ServerLost extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  ServerLost(String server, String lostBecause, String reconnectFailed, Throwable cause) {
    super(
        "dbit: the database server stopped answering ("
            + server
            + "): "
            + lostBecause
            + "; reconnecting failed: "
            + reconnectFailed
            + ". It was stopped or killed while tests ran (out of memory? a restart?). This test"
            + " and every later test of this run fail at once; look at the server's log, then run"
            + " the tests again.",
        cause);
  }

  /** The same failure, for a later test. */
  public ServerLost again() {
    return new ServerLost(getMessage(), this);
  }

  private ServerLost(String message, Throwable cause) {
    super(message, cause);
  }
}
