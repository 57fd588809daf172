package dev.dbit;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay on 127.0.0.1 that forwards every MySQL packet from client to server as two writes
 * (the 4-byte header, then the payload) on a socket with Nagle's algorithm on: the seed's Windows
 * path, reproduced on Linux loopback with a real ~40 ms delayed-ACK stall per request.
 *
 * <p>Use it with {@code sslMode=DISABLED}: it must see plain MySQL packets.
 */
final class SplittingRelay implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  SplittingRelay(int targetPort) throws IOException {
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptLoop, "dbit-relay-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  /** A dbit URL that reaches the target through this relay. */
  String url() {
    return "jdbc:mysql://127.0.0.1:" + port() + "/?sslMode=DISABLED";
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        client.setTcpNoDelay(true);
        Socket server = new Socket();
        server.setTcpNoDelay(false);
        server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5000);
        sockets.add(client);
        sockets.add(server);
        start(
            "dbit-relay-up",
            () -> forwardPacketsSplit(client.getInputStream(), server.getOutputStream()),
            client,
            server);
        start(
            "dbit-relay-down",
            () -> copy(server.getInputStream(), client.getOutputStream()),
            client,
            server);
      } catch (IOException e) {
        return;
      }
    }
  }

  private interface Pump {
    long run() throws IOException;
  }

  private void start(String name, Pump pump, Socket a, Socket b) {
    Thread thread =
        new Thread(
            () -> {
              try {
                pump.run();
              } catch (IOException e) {
                // Connection ended.
              } finally {
                closeQuietly(a);
                closeQuietly(b);
              }
            },
            name);
    thread.setDaemon(true);
    thread.start();
  }

  private static long forwardPacketsSplit(InputStream from, OutputStream to) throws IOException {
    DataInputStream in = new DataInputStream(from);
    byte[] header = new byte[4];
    long packets = 0;
    while (true) {
      try {
        in.readFully(header);
      } catch (EOFException e) {
        return packets;
      }
      int length = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
      byte[] payload = new byte[length];
      in.readFully(payload);
      to.write(header);
      to.flush();
      to.write(payload);
      to.flush();
      packets++;
    }
  }

  private static long copy(InputStream from, OutputStream to) throws IOException {
    byte[] buffer = new byte[16384];
    long total = 0;
    for (int read; (read = from.read(buffer)) >= 0; ) {
      to.write(buffer, 0, read);
      to.flush();
      total += read;
    }
    return total;
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Already closed.
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket socket : sockets) {
      closeQuietly(socket);
    }
  }
}
