package dev.dbit.internal.measure;

import dev.dbit.internal.report.Percentiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The one timing loop behind every "busy machine or slow path?" question: it times a request to the
 * server and, right after each, a one-byte echo over loopback TCP inside this JVM (both ends with
 * TCP_NODELAY). The echo is what a round trip costs on this machine at that moment, with no server
 * and no network in it: a busy machine slows both, a slow path to the server only the request.
 */
public final class RoundTripClock implements AutoCloseable {
  private final ServerSocket listener;
  private final Socket client;
  private final List<Double> echoes = new ArrayList<>();

  private RoundTripClock(ServerSocket listener, Socket client) {
    this.listener = listener;
    this.client = client;
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
      ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
      try {
        Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
        client.setTcpNoDelay(true);
        client.setSoTimeout(10_000);
        Socket served = listener.accept();
        served.setTcpNoDelay(true);
        Thread echo = new Thread(() -> echoUntilClosed(served), "dbit-loopback-echo");
        echo.setDaemon(true);
        echo.start();
        return new RoundTripClock(listener, client);
      } catch (IOException e) {
        listener.close();
        throw e;
      }
    } catch (IOException e) {
      throw new SQLException("dbit: the loopback echo failed: " + e.getMessage(), e);
    }
  }

  private static void echoUntilClosed(Socket served) {
    try (served;
        InputStream in = served.getInputStream();
        OutputStream out = served.getOutputStream()) {
      int b;
      while ((b = in.read()) >= 0) {
        out.write(b);
      }
    } catch (IOException e) {
      // The clock closed: done.
    }
  }

  /** Times {@code request} in milliseconds, then one loopback echo, which {@link #echo} keeps. */
  public double time(Request request) throws SQLException {
    long start = System.nanoTime();
    request.run();
    double millis = (System.nanoTime() - start) / 1e6;
    try {
      long echoStart = System.nanoTime();
      client.getOutputStream().write(1);
      if (client.getInputStream().read() < 0) {
        throw new IOException("the loopback echo closed");
      }
      echoes.add((System.nanoTime() - echoStart) / 1e6);
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
    try (listener) {
      client.close();
    } catch (IOException e) {
      throw new SQLException("dbit: closing the loopback echo failed: " + e.getMessage(), e);
    }
  }
}
