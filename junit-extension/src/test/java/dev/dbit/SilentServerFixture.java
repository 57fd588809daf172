package dev.dbit;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP listener on 127.0.0.1 that accepts connections and then goes silent at a chosen point of
 * the MySQL handshake, like a proxy whose far side is gone.
 */
final class SilentServerFixture implements AutoCloseable {

  /** How far the listener goes before it stops answering. */
  enum SilentAfter {
    /** Accepts TCP, never sends the greeting. */
    ACCEPT,
    /** Sends a greeting that offers TLS, then never answers the TLS handshake. */
    GREETING_WITH_TLS,
    /** Sends a greeting without TLS, then never answers the login request. */
    GREETING_WITHOUT_TLS
  }

  private final ServerSocket listener;
  private final SilentAfter mode;
  private final List<Socket> accepted = new CopyOnWriteArrayList<>();

  SilentServerFixture(SilentAfter mode) throws IOException {
    this.mode = mode;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptLoop, "dbit-silent-listener");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  String url() {
    return "jdbc:mysql://127.0.0.1:" + port() + "/";
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket socket = listener.accept();
        accepted.add(socket);
        if (mode != SilentAfter.ACCEPT) {
          OutputStream out = socket.getOutputStream();
          out.write(greeting(mode == SilentAfter.GREETING_WITH_TLS));
          out.flush();
        }
        // Then nothing: reads are never answered, the socket stays open.
      } catch (IOException e) {
        return;
      }
    }
  }

  /** A MySQL protocol-10 greeting of a server named 8.0.31-silent. */
  private static byte[] greeting(boolean offerTls) {
    int capabilities =
        0x00000001 // LONG_PASSWORD
            | 0x00000008 // CONNECT_WITH_DB
            | 0x00000200 // PROTOCOL_41
            | 0x00002000 // TRANSACTIONS
            | 0x00008000 // SECURE_CONNECTION
            | 0x00080000 // PLUGIN_AUTH
            | (offerTls ? 0x00000800 : 0); // SSL
    java.io.ByteArrayOutputStream payload = new java.io.ByteArrayOutputStream();
    payload.write(10);
    payload.writeBytes("8.0.31-silent\0".getBytes(StandardCharsets.US_ASCII));
    payload.writeBytes(new byte[] {1, 0, 0, 0}); // connection id
    payload.writeBytes("abcdefgh".getBytes(StandardCharsets.US_ASCII));
    payload.write(0);
    payload.write(capabilities & 0xff);
    payload.write((capabilities >> 8) & 0xff);
    payload.write(255); // utf8mb4_0900_ai_ci
    payload.writeBytes(new byte[] {2, 0}); // status: autocommit
    payload.write((capabilities >> 16) & 0xff);
    payload.write((capabilities >> 24) & 0xff);
    payload.write(21);
    payload.writeBytes(new byte[10]);
    payload.writeBytes("ijklmnopqrst\0".getBytes(StandardCharsets.US_ASCII));
    payload.writeBytes("mysql_native_password\0".getBytes(StandardCharsets.US_ASCII));
    byte[] body = payload.toByteArray();
    byte[] packet = new byte[body.length + 4];
    packet[0] = (byte) body.length;
    packet[1] = (byte) (body.length >> 8);
    packet[2] = (byte) (body.length >> 16);
    packet[3] = 0;
    System.arraycopy(body, 0, packet, 4, body.length);
    return packet;
  }

  @Override
  public void close() throws IOException {
    listener.close();
    for (Socket socket : accepted) {
      socket.close();
    }
  }
}
