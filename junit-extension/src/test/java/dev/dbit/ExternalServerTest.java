package dev.dbit;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same fixtures against a server dbit did not start: the machine's MariaDB on 127.0.0.1:3306
 * (performance_schema off). CI always has it; elsewhere these tests are skipped.
 */
class ExternalServerTest {
  static final String HOST = "127.0.0.1";
  static final int PORT = 3306;
  static final String URL = "jdbc:mysql://" + HOST + ":" + PORT + "/";
  static final Map<String, String> CONFIG =
      Map.of("dbit.url", "jdbc:mysql://" + HOST + ":" + PORT + "/");

  @BeforeAll
  static void serverAnswers() {
    assumeThat(reachable()).as("a MySQL/MariaDB server on %s:%d", HOST, PORT).isTrue();
  }

  @Test
  void injectsThePoolAndHandle() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ParameterInjectionTest.InjectionTestCase.class, CONFIG), 3);
  }

  @Test
  void resetsAllTablesAfterRandomWrites() {
    DbitTestKit.assertAllSucceeded(
        DbitTestKit.run(ResetCorrectnessTest.RandomWritesTestCase.class, CONFIG),
        ResetCorrectnessTest.REPETITIONS + 1);
  }

  static boolean reachable() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, PORT), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
