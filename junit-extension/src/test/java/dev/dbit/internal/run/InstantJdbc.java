package dev.dbit.internal.run;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import javax.sql.DataSource;

/**
 * A JDBC driver stand-in that answers every call at once: {@code prepareStatement} returns a
 * statement whose {@code executeQuery} returns a one-row result. Only for measuring the CPU cost of
 * what wraps a driver; it talks to no database.
 */
final class InstantJdbc {
  private InstantJdbc() {}

  static DataSource dataSource() {
    ResultSet rows = answering(ResultSet.class, Map.of("next", true));
    PreparedStatement statement = answering(PreparedStatement.class, Map.of("executeQuery", rows));
    Connection connection =
        answering(Connection.class, Map.of("prepareStatement", statement, "getAutoCommit", true));
    return answering(DataSource.class, Map.of("getConnection", connection));
  }

  /** An implementation of {@code type} returning the given answers by method name, else zeros. */
  private static <T> T answering(Class<T> type, Map<String, Object> answers) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (proxy, method, args) -> {
              Object answer = answers.get(method.getName());
              if (answer != null) {
                return answer;
              }
              Class<?> returned = method.getReturnType();
              if (returned == boolean.class) {
                return false;
              }
              if (returned == int.class) {
                return 0;
              }
              if (returned == long.class) {
                return 0L;
              }
              return null;
            }));
  }
}
