package dev.dbit.internal.doctor;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The server's version and the settings that decide how fast tests run, read once per run.
 *
 * @param version {@code SELECT VERSION()}
 * @param settings durability and instrumentation settings by name
 */
public record ServerSettings(String version, Map<String, String> settings) {
  /** Variables that cost test time when set for production durability. */
  static final List<String> NAMES =
      List.of(
          "innodb_flush_log_at_trx_commit",
          "sync_binlog",
          "log_bin",
          "innodb_doublewrite",
          "performance_schema");

  public ServerSettings {
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  public static ServerSettings read(Connection control) throws SQLException {
    try (Statement statement = control.createStatement()) {
      String version;
      try (ResultSet rows = statement.executeQuery("SELECT VERSION()")) {
        rows.next();
        version = rows.getString(1);
      }
      Map<String, String> found = new LinkedHashMap<>();
      String names = NAMES.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "));
      try (ResultSet rows =
          statement.executeQuery("SHOW GLOBAL VARIABLES WHERE Variable_name IN (" + names + ")")) {
        while (rows.next()) {
          found.put(rows.getString(1).toLowerCase(Locale.ROOT), rows.getString(2));
        }
      }
      Map<String, String> ordered = new LinkedHashMap<>();
      for (String name : NAMES) {
        ordered.put(name, found.getOrDefault(name, "n/a"));
      }
      return new ServerSettings(version, ordered);
    }
  }

  /** {@code name=value, ...} */
  public String describe() {
    return settings.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }
}
