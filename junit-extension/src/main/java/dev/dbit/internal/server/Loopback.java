package dev.dbit.internal.server;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Whether a host name means this machine. */
public final class Loopback {
  private Loopback() {}

  /** True for {@code localhost}, {@code 127.0.0.1}, {@code ::1} and other loopback names. */
  public static boolean is(String host) {
    try {
      String bare =
          host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
      return InetAddress.getByName(bare).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
