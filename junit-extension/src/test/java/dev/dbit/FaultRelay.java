package dev.dbit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay on 127.0.0.1 in front of a server that numbers dbit's own requests and loses one of
 * them: the k-th request on a connection in multi-statement mode, which only dbit's control
 * connections use (the handshake says so), counted from {@link #arm}. The connection is cut either
 * before the server gets the request ({@link Loss#DROPPED}) or after the server got it and before
 * its answer comes back ({@link Loss#UNANSWERED}; the server's answer is drained, as the far end of
 * a broken network path would, for up to {@value #DRAIN_MILLIS} ms of silence). Every other
 * connection (the tests' own, the log follower's) is relayed untouched.
 */
final class FaultRelay implements AutoCloseable {
  /** Where a lost request is lost. */
  enum Loss {
    /** The connection is cut before the request reaches the server. */
    DROPPED,
    /** The server gets the request; the connection is cut before the answer returns. */
    UNANSWERED
  }

  private static final int CLIENT_MULTI_STATEMENTS = 1 << 16;
  private static final int DRAIN_MILLIS = 2000;

  private final ServerSocket listener;
  private final int targetPort;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger requests = new AtomicInteger();
  private final List<String> kinds = new CopyOnWriteArrayList<>();
  private volatile int lose;
  private volatile int inARow = 1;
  private volatile Loss loss = Loss.DROPPED;
  private volatile boolean lost;

  /** Soaking: each request lost with this chance, drawn from {@link #soak}'s seed; else none. */
  private java.util.Random soak;

  private int oneIn;
  private final AtomicInteger soaked = new AtomicInteger();

  FaultRelay(int targetPort) throws IOException {
    this.targetPort = targetPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::acceptLoop, "dbit-fault-relay-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** A dbit URL that reaches the target through this relay, TLS off. */
  String url() {
    return "jdbc:mysql://127.0.0.1:" + listener.getLocalPort() + "/?sslMode=DISABLED";
  }

  /** Counts dbit's requests from 1 again and loses the {@code k}-th (none for 0). */
  synchronized void arm(int k, Loss how) {
    arm(k, how, 1);
  }

  /** Counts dbit's requests from 1 again and loses {@code inARow} of them from the {@code k}-th. */
  synchronized void arm(int k, Loss how, int inARow) {
    this.inARow = inARow;
    loss = how;
    lost = false;
    soak = null;
    requests.set(0);
    kinds.clear();
    lose = k;
  }

  /**
   * What each of dbit's requests since {@link #arm} was, in order: the start of its SQL with
   * numbers and names left out (the boundary it stands for), or the command's number.
   */
  List<String> kinds() {
    return List.copyOf(kinds);
  }

  /**
   * Loses each of dbit's requests from now on with a chance of one in {@code oneIn}, dropped or
   * unanswered, as drawn from {@code seed}.
   */
  synchronized void soak(long seed, int oneIn) {
    arm(0, Loss.DROPPED);
    this.soak = new java.util.Random(seed);
    this.oneIn = oneIn;
  }

  /** Requests lost while soaking. */
  int soaked() {
    return soaked.get();
  }

  /** dbit's requests since {@link #arm}. */
  int requests() {
    return requests.get();
  }

  /** Whether the armed request was reached and lost. */
  boolean lost() {
    return lost;
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        client.setTcpNoDelay(true);
        Socket server = new Socket();
        server.setTcpNoDelay(true);
        server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5000);
        sockets.add(client);
        sockets.add(server);
        Link link = new Link(client, server);
        daemon("dbit-fault-relay-up", link::up);
        daemon("dbit-fault-relay-down", link::down);
      } catch (IOException e) {
        return;
      }
    }
  }

  private static void daemon(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** One relayed connection. */
  private final class Link {
    private final Socket client;
    private final Socket server;
    private volatile boolean cut;

    Link(Socket client, Socket server) {
      this.client = client;
      this.server = server;
    }

    /** Client to server, packet by packet: commands start with sequence id 0. */
    void up() {
      try {
        DataInputStream in = new DataInputStream(client.getInputStream());
        OutputStream to = server.getOutputStream();
        boolean control = false;
        boolean first = true;
        byte[] header = new byte[4];
        while (true) {
          in.readFully(header);
          int length = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
          byte[] payload = new byte[length];
          in.readFully(payload);
          if (first) {
            control = length >= 4 && (flags(payload) & CLIENT_MULTI_STATEMENTS) != 0;
            first = false;
          } else if (control && header[3] == 0 && lost(counted(payload))) {
            if (how() == Loss.DROPPED) {
              close();
              return;
            }
            write(to, header, payload);
            cutClient();
            return;
          }
          write(to, header, payload);
        }
      } catch (EOFException e) {
        close();
      } catch (IOException e) {
        if (!cut) {
          close();
        }
      }
    }

    /** Server to client; after a cut, the answer is read and thrown away until it stops. */
    void down() {
      byte[] buffer = new byte[16384];
      try {
        InputStream from = server.getInputStream();
        OutputStream to = client.getOutputStream();
        for (int read; (read = from.read(buffer)) >= 0; ) {
          if (!cut) {
            to.write(buffer, 0, read);
            to.flush();
          }
        }
      } catch (SocketTimeoutException e) {
        // The server said nothing more for a while after the cut.
      } catch (IOException e) {
        // Either side ended.
      } finally {
        close();
      }
    }

    private void cutClient() throws IOException {
      cut = true;
      server.setSoTimeout(DRAIN_MILLIS);
      quietly(client);
    }

    private void close() {
      quietly(client);
      quietly(server);
    }
  }

  /** Whether request {@code k} is lost: the armed one, or a draw while soaking. */
  private synchronized boolean lost(int k) {
    boolean now =
        soak != null ? soak.nextInt(oneIn) == 0 : lose > 0 && k >= lose && k < lose + inARow;
    if (now && soak != null) {
      soaked.incrementAndGet();
      loss = soak.nextBoolean() ? Loss.DROPPED : Loss.UNANSWERED;
    }
    lost |= now;
    return now;
  }

  private synchronized Loss how() {
    return loss;
  }

  /** Numbers one of dbit's requests and notes its kind; returns its number. */
  private synchronized int counted(byte[] payload) {
    kinds.add(kind(payload));
    return requests.incrementAndGet();
  }

  /** A query's first words without names, numbers or quoted text; another command's number. */
  private static String kind(byte[] payload) {
    if (payload.length == 0 || payload[0] != 3) {
      return "command " + (payload.length == 0 ? -1 : payload[0]);
    }
    String sql = new String(payload, 1, Math.min(payload.length - 1, 200), UTF_8);
    String shape =
        sql.replaceAll("`[^`]*`", "`_`")
            .replaceAll("'[^']*'", "'_'")
            .replaceAll("\\d+", "N")
            .replaceAll("\\s+", " ")
            .trim();
    return shape.substring(0, Math.min(shape.length(), 48));
  }

  private static int flags(byte[] payload) {
    return (payload[0] & 0xff)
        | (payload[1] & 0xff) << 8
        | (payload[2] & 0xff) << 16
        | (payload[3] & 0xff) << 24;
  }

  private static void write(OutputStream to, byte[] header, byte[] payload) throws IOException {
    byte[] packet = new byte[header.length + payload.length];
    System.arraycopy(header, 0, packet, 0, header.length);
    System.arraycopy(payload, 0, packet, header.length, payload.length);
    to.write(packet);
    to.flush();
  }

  private static void quietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Already closed.
    }
  }

  @Override
  public void close() {
    quietly(listener);
    sockets.forEach(FaultRelay::quietly);
  }

  private static void quietly(ServerSocket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Already closed.
    }
  }
}
