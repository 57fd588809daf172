package dev.dbit.internal.measure;

import dev.dbit.internal.report.Percentiles;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The one timing loop behind every "busy machine or slow path?" question: it times a request to the
 * server and, right after each, a one-byte {@link LoopbackEcho} inside this JVM. The echo is what a
 * round trip costs on this machine at that moment; a busy machine slows both, a slow path to the
 * server only the request.
 */
public final class RoundTripClock implements AutoCloseable {
  private final LoopbackEcho echo;
  private final List<Double> echoes = new ArrayList<>();

  private RoundTripClock(LoopbackEcho echo) {
    this.echo = echo;
  }

  /** One request to time. */
  @FunctionalInterface
  public interface Request {
    /** Sends the request and reads its answer. */
    void run() throws SQLException;
  }

  /** Opens the echo the clock alternates with. */
  public static RoundTripClock open() throws SQLException {
    try {
      return new RoundTripClock(LoopbackEcho.open());
    } catch (IOException e) {
      throw new SQLException("dbit: the loopback echo failed: " + e.getMessage(), e);
    }
  }

  /** Times {@code request} in milliseconds, then one loopback echo, which {@link #echo} keeps. */
  public double time(Request request) throws SQLException {
    long start = System.nanoTime();
    request.run();
    double millis = (System.nanoTime() - start) / 1e6;
    try {
      echoes.add(echo.roundTripMillis());
    } catch (IOException e) {
      throw new SQLException("dbit: the loopback echo failed: " + e.getMessage(), e);
    }
    return millis;
  }

  /** The loopback echoes taken so far, each right after one timed request. */
  public Percentiles echo() {
    return Percentiles.of(echoes);
  }

  @Override
  public void close() throws SQLException {
    try {
      echo.close();
    } catch (IOException e) {
      throw new SQLException("dbit: closing the loopback echo failed: " + e.getMessage(), e);
    }
  }
}
