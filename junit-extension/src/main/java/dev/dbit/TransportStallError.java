package dev.dbit;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A test spent most of its time waiting on the network path to the database while the server was
 * nearly idle.
 *
 * <p>The message starts with {@code transport stall:} and holds the measurements, the protocol
 * paths that stall and what to change. Set {@code dbit.stall.mode=warn} to report without failing.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class TransportStallError extends AssertionError {
  private static final long serialVersionUID = 1L;

  private final transient TestMetrics metrics;

  /**
   * The error with its report ({@code message}) and the measurements behind it ({@code metrics}).
   */
  public TransportStallError(String message, TestMetrics metrics) {
    super(message);
    this.metrics = metrics;
    // The message is the report; a stack of dbit's internals would only hide it.
    setStackTrace(new StackTraceElement[0]);
  }

  /** The measurements behind the verdict. */
  public TestMetrics metrics() {
    return metrics;
  }
}
