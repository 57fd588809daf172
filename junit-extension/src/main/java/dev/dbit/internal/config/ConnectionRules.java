package dev.dbit.internal.config;

import static dev.dbit.internal.config.TypedValues.invalid;

import dev.dbit.DbIntegrationTest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * What may go into {@code dbit.url} and {@code dbit.jdbc.params}: Connector/J URLs without a
 * password, and no parameter that dbit sets itself or that must never reach the pool.
 */
final class ConnectionRules {
  private ConnectionRules() {}

  private static final String URL_PREFIX = "jdbc:mysql://";

  /** Parameters that must never reach the pool handed to tests, with the reason. */
  private static final Map<String, String> FORBIDDEN_PARAMS =
      Map.of(
          "allowmultiqueries",
          "multi-statement mode is only ever enabled on dbit's own control connection",
          "password",
          "give the password in the environment variable "
              + PasswordSource.ENVIRONMENT
              + " or a file named by "
              + DbIntegrationTest.PASSWORD_FILE
              + " so that it is never printed",
          "user",
          "give the user with " + DbIntegrationTest.USER,
          "connecttimeout",
          "dbit bounds connecting with " + DbIntegrationTest.CONNECT_TIMEOUT + "; set that instead",
          "sockettimeout",
          "dbit bounds every wait for a reply with "
              + DbIntegrationTest.READ_TIMEOUT
              + "; set that instead");

  /** Refuses a URL that is not Connector/J's or that carries a password or a timeout. */
  static void validateUrl(String url) {
    if (!url.startsWith(URL_PREFIX)) {
      throw invalid(
          DbIntegrationTest.URL,
          url,
          "It must start with jdbc:mysql:// (dbit talks to MySQL and MariaDB through"
              + " Connector/J), for example"
              + " jdbc:mysql://127.0.0.1:3306/");
    }
    if (url.toLowerCase(Locale.ROOT).matches(".*[?&]password=.*")) {
      throw new ExtensionConfigurationException(
          "dbit: "
              + DbIntegrationTest.URL
              + " must not carry a password (the value is not shown for that reason). Remove"
              + " password=... from the URL and give it in the environment variable "
              + PasswordSource.ENVIRONMENT
              + " or a file named by "
              + DbIntegrationTest.PASSWORD_FILE
              + " instead.");
    }
    Matcher timeout =
        Pattern.compile("[?&](connecttimeout|sockettimeout)=")
            .matcher(url.toLowerCase(Locale.ROOT));
    if (timeout.find()) {
      throw invalid(
          DbIntegrationTest.URL,
          url,
          "It must not set "
              + timeout.group(1)
              + ": dbit bounds connecting with "
              + DbIntegrationTest.CONNECT_TIMEOUT
              + " and every wait for a reply with "
              + DbIntegrationTest.READ_TIMEOUT
              + "; set those instead.");
    }
  }

  /** The pool's extra Connector/J parameters, in given order; forbidden ones are refused. */
  static Map<String, String> jdbcParams(Optional<String> raw) {
    Map<String, String> params = new LinkedHashMap<>();
    if (raw.isEmpty()) {
      return params;
    }
    String text = raw.get().startsWith("?") ? raw.get().substring(1) : raw.get();
    for (String pair : text.split("&")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw invalid(
            DbIntegrationTest.JDBC_PARAMS,
            raw.get(),
            "Give key=value pairs joined by &, for example"
                + " useServerPrepStmts=false&cachePrepStmts=true");
      }
      String key = pair.substring(0, eq).trim();
      String forbidden = FORBIDDEN_PARAMS.get(key.toLowerCase(Locale.ROOT));
      if (forbidden != null) {
        throw new ExtensionConfigurationException(
            "dbit: "
                + DbIntegrationTest.JDBC_PARAMS
                + " must not set '"
                + key
                + "': "
                + forbidden
                + ". Remove it from "
                + DbIntegrationTest.JDBC_PARAMS
                + ".");
      }
      params.put(key, pair.substring(eq + 1).trim());
    }
    return params;
  }
}
