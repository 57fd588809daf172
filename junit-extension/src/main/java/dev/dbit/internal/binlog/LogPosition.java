package dev.dbit.internal.binlog;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** A place in a server's binary log: a file and an offset in it. */
public record LogPosition(String file, long offset) implements Comparable<LogPosition> {

  /**
   * The statements that read the server's position: MySQL 8.4 knows only the second, MariaDB and
   * MySQL 8.0 the first.
   */
  private static final List<String> POSITION_SQL =
      List.of("SHOW MASTER STATUS", "SHOW BINARY LOG STATUS");

  /** Which of {@link #POSITION_SQL} the last server answered. */
  private static volatile String positionSql = POSITION_SQL.get(0);

  /**
   * The statement that reads where {@code control}'s server writes now, for a request of the
   * caller's own; its first row is read by {@link #of}.
   */
  public static String statement(Connection control) throws SQLException {
    current(control);
    return positionSql;
  }

  /** The position in the first row of a {@link #statement}'s result. */
  public static LogPosition of(ResultSet rows) throws SQLException {
    if (!rows.next()) {
      throw new SQLException(positionSql + " returned no row");
    }
    return new LogPosition(rows.getString(1), rows.getLong(2));
  }

  /** Where the server writes now. */
  static LogPosition current(Connection control) throws SQLException {
    SQLException refused = null;
    List<String> tries = new ArrayList<>(POSITION_SQL);
    tries.remove(positionSql);
    tries.add(0, positionSql);
    for (String sql : tries) {
      try (Statement statement = control.createStatement();
          ResultSet rows = statement.executeQuery(sql)) {
        positionSql = sql;
        return of(rows);
      } catch (SQLSyntaxErrorException e) {
        refused = e;
      }
    }
    throw refused;
  }

  /** File names sort in the order the server writes them ({@code binlog.000001}, ...). */
  @Override
  public int compareTo(LogPosition other) {
    int byFile = file.compareTo(other.file);
    return byFile != 0 ? byFile : Long.compare(offset, other.offset);
  }

  @Override
  public String toString() {
    return file + ":" + offset;
  }
}
