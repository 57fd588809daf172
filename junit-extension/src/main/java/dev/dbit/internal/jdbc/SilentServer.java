package dev.dbit.internal.jdbc;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.config.Timeouts;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Locale;
import java.util.Optional;

/**
 * A connection attempt that timed out because the server (or a proxy in front of it) stopped
 * answering, with the stage it stopped in: TCP connect, the server's greeting, TLS, authentication.
 */
final class SilentServer extends SQLNonTransientConnectionException {
  private static final long serialVersionUID = 1L;

  /** The stages of opening a connection, in order, as they show in a timed-out read's stack. */
  enum Stage {
    CONNECT("the TCP connect"),
    GREETING("waiting for the server's greeting (the first packet a MySQL server sends)"),
    TLS("the TLS handshake"),
    AUTHENTICATION("authentication");

    private final String description;

    Stage(String description) {
      this.description = description;
    }
  }

  private SilentServer(String message, SQLException cause) {
    super(message, "08001", cause);
  }

  /**
   * {@code failure} as a {@link SilentServer} when a timeout caused it, else empty.
   *
   * @param server the server, as dbit describes it
   */
  static Optional<SQLException> explain(SQLException failure, String server, Timeouts timeouts) {
    Optional<SocketTimeoutException> timeout = rootTimeout(failure);
    if (timeout.isEmpty()) {
      return Optional.empty();
    }
    Stage stage = stage(timeout.get());
    long seconds = timeouts.connect().toSeconds();
    String fix =
        stage == Stage.CONNECT
            ? "Check that the host and port in "
                + DbIntegrationTest.URL
                + " are right and that no firewall drops the packets."
            : "A proxy or tunnel that accepts connections but does not reach a MySQL server does"
                + " this, as does a server too busy to answer"
                + (stage == Stage.TLS
                    ? "; if the path cannot carry TLS, add sslMode=DISABLED to "
                        + DbIntegrationTest.URL
                    : "")
                + ".";
    return Optional.of(
        new SilentServer(
            String.format(
                Locale.ROOT,
                "%s did not answer during %s within %d s (%s). %s Widen %s if the server is merely"
                    + " slow.",
                server,
                stage.description,
                seconds,
                DbIntegrationTest.CONNECT_TIMEOUT + "=" + seconds,
                fix,
                DbIntegrationTest.CONNECT_TIMEOUT),
            failure));
  }

  private static Optional<SocketTimeoutException> rootTimeout(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SocketTimeoutException timeout) {
        return Optional.of(timeout);
      }
    }
    return Optional.empty();
  }

  static Stage stage(SocketTimeoutException timeout) {
    boolean connect = false;
    for (StackTraceElement frame : timeout.getStackTrace()) {
      String where = frame.getClassName() + "." + frame.getMethodName();
      if (where.contains("SSLSocketImpl") || where.contains("startHandshake")) {
        return Stage.TLS;
      }
      if (where.contains("readServerCapabilities")) {
        return Stage.GREETING;
      }
      if (where.contains("authenticate") || where.contains("Authentication")) {
        return Stage.AUTHENTICATION;
      }
      if (where.endsWith("Socket.connect") || where.endsWith("SocketImpl.connect")) {
        connect = true;
      }
    }
    return connect ? Stage.CONNECT : Stage.AUTHENTICATION;
  }
}
