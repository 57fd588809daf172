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
 * A TCP relay on 127.0.0.1 that reads every MySQL packet from client to server, so it cannot carry
 * TLS, like the packet-reading proxies users put in front of servers. {@linkplain #splitting
 * Splitting}, it forwards each packet as two writes (the 4-byte header, then the payload) on a
 * socket with Nagle's algorithm on: the seed's Windows path, reproduced on Linux loopback with a
 * real ~40 ms delayed-ACK stall per request. {@linkplain #claimingTls Claiming TLS}, it forwards
 * whole packets, tells clients the server offers TLS and drops a client that asks for it.
 */
final class PacketRelay implements AutoCloseable {
  private static final int CLIENT_SSL = 0x0800;
  private static final int SSL_REQUEST_LENGTH = 32;

  private final ServerSocket listener;
  private final int targetPort;
  private final boolean split;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  /** Splits every packet: a ~40 ms stall per request. */
  static PacketRelay splitting(int targetPort) throws IOException {
    return new PacketRelay(targetPort, true);
  }

  /** Whole packets, no stall; the server seems to offer TLS and a client that asks is dropped. */
  static PacketRelay claimingTls(int targetPort) throws IOException {
    return new PacketRelay(targetPort, false);
  }

  private PacketRelay(int targetPort, boolean split) throws IOException {
    this.targetPort = targetPort;
    this.split = split;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptLoop, "dbit-relay-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  /** A dbit URL that reaches the target through this relay, TLS off. */
  String url() {
    return "jdbc:mysql://127.0.0.1:" + port() + "/?sslMode=DISABLED";
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        client.setTcpNoDelay(true);
        Socket server = new Socket();
        server.setTcpNoDelay(!split);
        server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5000);
        sockets.add(client);
        sockets.add(server);
        start(
            "dbit-relay-up",
            () -> forwardPackets(client.getInputStream(), server.getOutputStream()),
            client,
            server);
        start(
            "dbit-relay-down",
            () -> forwardReplies(server.getInputStream(), client.getOutputStream()),
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

  private long forwardPackets(InputStream from, OutputStream to) throws IOException {
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
      if (!split && packets == 0 && length == SSL_REQUEST_LENGTH && hasSslFlag(payload, 0)) {
        throw new IOException("a client asked for TLS, which this relay cannot carry");
      }
      if (split) {
        to.write(header);
        to.flush();
        to.write(payload);
      } else {
        byte[] packet = new byte[4 + length];
        System.arraycopy(header, 0, packet, 0, 4);
        System.arraycopy(payload, 0, packet, 4, length);
        to.write(packet);
      }
      to.flush();
      packets++;
    }
  }

  /** Server to client; claiming TLS, the greeting's capability flags gain CLIENT_SSL. */
  private long forwardReplies(InputStream from, OutputStream to) throws IOException {
    if (!split) {
      DataInputStream in = new DataInputStream(from);
      byte[] header = new byte[4];
      in.readFully(header);
      int length = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
      byte[] greeting = new byte[length];
      in.readFully(greeting);
      int flags = capabilityOffset(greeting);
      greeting[flags] |= (byte) CLIENT_SSL;
      greeting[flags + 1] |= (byte) (CLIENT_SSL >> 8);
      to.write(header);
      to.write(greeting);
      to.flush();
    }
    return copy(from, to);
  }

  /** Protocol version, NUL-ended server version, thread id, 8 bytes of scramble, a filler. */
  private static int capabilityOffset(byte[] greeting) {
    int end = 1;
    while (greeting[end] != 0) {
      end++;
    }
    return end + 1 + 4 + 8 + 1;
  }

  private static boolean hasSslFlag(byte[] payload, int offset) {
    int flags = (payload[offset] & 0xff) | (payload[offset + 1] & 0xff) << 8;
    return (flags & CLIENT_SSL) != 0;
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
