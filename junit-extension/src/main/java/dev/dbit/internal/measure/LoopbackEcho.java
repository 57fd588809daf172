package dev.dbit.internal.measure;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A one-byte echo over loopback TCP inside this JVM: what a round trip costs on this machine right
 * now, with no server and no network in it. On a busy machine it slows down as much as a local
 * server's round trip does; a slow network path or a transport stall does not touch it.
 */
public final class LoopbackEcho implements AutoCloseable {
  private final ServerSocket listener;
  private final Socket client;
  private final Thread echo;

  private LoopbackEcho(ServerSocket listener, Socket client, Thread echo) {
    this.listener = listener;
    this.client = client;
    this.echo = echo;
  }

  /** Opens the echo and its client; both use TCP_NODELAY, as a well-configured driver does. */
  public static LoopbackEcho open() throws IOException {
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
      return new LoopbackEcho(listener, client, echo);
    } catch (IOException e) {
      listener.close();
      throw e;
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
      // The client closed: done.
    }
  }

  /** One round trip, in milliseconds. */
  public double roundTripMillis() throws IOException {
    long start = System.nanoTime();
    client.getOutputStream().write(1);
    if (client.getInputStream().read() < 0) {
      throw new IOException("the loopback echo closed");
    }
    return (System.nanoTime() - start) / 1e6;
  }

  @Override
  public void close() throws IOException {
    client.close();
    listener.close();
    echo.interrupt();
  }
}
