package dev.dbit.internal.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Connector/J parameters of {@code dbit.jdbc.params} that decide whether a connection reaches
 * the server at all: TLS, authentication, proxies and socket factories. Every connection dbit opens
 * carries them (its control connection, probes, the pool); the rest shape only the pool.
 */
public final class ReachParams {
  private static final Set<String> AUTHENTICATION =
      Set.of(
          "allowpublickeyretrieval",
          "serverrsapublickeyfile",
          "defaultauthenticationplugin",
          "ldapserverhostname",
          "ociconfigfile",
          "ociconfigprofile");
  private static final Set<String> ROUTE =
      Set.of(
          "socketfactory",
          "localsocketaddress",
          "socksproxyhost",
          "socksproxyport",
          "socksproxyremotedns");

  private ReachParams() {}

  /** The entries of {@code params} that every connection needs, in given order. */
  public static Map<String, String> of(Map<String, String> params) {
    Map<String, String> reach = new LinkedHashMap<>();
    params.forEach(
        (key, value) -> {
          String lower = key.toLowerCase(Locale.ROOT);
          if (isTls(lower)
              || AUTHENTICATION.contains(lower)
              || lower.endsWith("authenticationplugins")
              || ROUTE.contains(lower)) {
            reach.put(key, value);
          }
        });
    return reach;
  }

  /** Whether {@code params} say anything about TLS. */
  public static boolean mentionTls(Map<String, String> params) {
    return params.keySet().stream()
        .map(key -> key.toLowerCase(Locale.ROOT))
        .anyMatch(ReachParams::isTls);
  }

  private static boolean isTls(String lowerKey) {
    return lowerKey.contains("ssl")
        || lowerKey.contains("tls")
        || lowerKey.contains("keystore")
        || lowerKey.contains("truststore")
        || lowerKey.equals("verifyservercertificate");
  }
}
