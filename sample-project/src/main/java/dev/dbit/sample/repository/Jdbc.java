package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The few JDBC moves every repository makes, with parameters bound in order. */
final class Jdbc {
  private Jdbc() {}

  /** Maps the current row. */
  @FunctionalInterface
  interface RowMapper<T> {
    T map(ResultSet row) throws SQLException;
  }

  static long insert(Connection connection, String sql, Object... params) throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
      bind(statement, params);
      statement.executeUpdate();
      try (ResultSet keys = statement.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  static int update(Connection connection, String sql, Object... params) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, params);
      return statement.executeUpdate();
    }
  }

  static <T> List<T> list(Connection connection, String sql, RowMapper<T> mapper, Object... params)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, params);
      try (ResultSet rows = statement.executeQuery()) {
        List<T> result = new ArrayList<>();
        while (rows.next()) {
          result.add(mapper.map(rows));
        }
        return result;
      }
    }
  }

  static <T> Optional<T> one(
      Connection connection, String sql, RowMapper<T> mapper, Object... params)
      throws SQLException {
    List<T> rows = list(connection, sql, mapper, params);
    if (rows.size() > 1) {
      throw new SQLException("expected at most one row, got " + rows.size() + " for: " + sql);
    }
    return rows.stream().findFirst();
  }

  static long count(Connection connection, String sql, Object... params) throws SQLException {
    return one(connection, sql, row -> row.getLong(1), params).orElse(0L);
  }

  private static void bind(PreparedStatement statement, Object... params) throws SQLException {
    for (int i = 0; i < params.length; i++) {
      statement.setObject(i + 1, params[i]);
    }
  }
}
