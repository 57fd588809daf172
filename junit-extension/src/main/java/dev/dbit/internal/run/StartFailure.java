package dev.dbit.internal.run;

import dev.dbit.DbIntegrationTest;
import dev.dbit.internal.jdbc.ControlConnection;
import java.sql.SQLException;

/** What a server's refusal while dbit prepared the test database means, and what to do. */
final class StartFailure {
  private StartFailure() {}

  /** The message for {@code e}, which the server answered while dbit prepared the database. */
  static String explain(String server, SQLException e) {
    return "dbit: preparing the test database on %s failed: %s (SQLState %s, error %d). %s"
        .formatted(server, e.getMessage(), e.getSQLState(), e.getErrorCode(), advice(e));
  }

  private static String advice(SQLException e) {
    return switch (e.getErrorCode()) {
      case 1044, 1142, 1227, 1370 ->
          "The user dbit connects as ("
              + DbIntegrationTest.USER
              + ") lacks a privilege: grant it ALL on `dbit\\_%`.* (dbit creates, changes and"
              + " drops only schemas named dbit_...), or use -D"
              + DbIntegrationTest.PROVIDER
              + "=embedded.";
      case 1290, 1836 ->
          "The server is read-only: point " + DbIntegrationTest.URL + " at a writable server.";
      case 1021, 1114 -> "The server ran out of disk space: free some on the server's data disk.";
      default ->
          ControlConnection.isLoss(e)
              ? "The connection was lost and did not come back after three tries: check that the"
                  + " server is up and reachable at "
                  + DbIntegrationTest.URL
                  + ", then run again."
              : "Fix what the server's message names; where it names nothing of yours, report it"
                  + " with this message at https://github.com/dbit-dev/dbit/issues.";
    };
  }
}
