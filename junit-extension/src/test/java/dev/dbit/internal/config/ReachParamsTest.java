package dev.dbit.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReachParamsTest {

  @Test
  void keepsWhatDecidesWhetherAConnectionReachesTheServer() {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("useServerPrepStmts", "false");
    params.put("sslMode", "DISABLED");
    params.put("tcpNoDelay", "false");
    params.put("trustCertificateKeyStoreUrl", "file:/ca.jks");
    params.put("allowPublicKeyRetrieval", "true");
    params.put("socksProxyHost", "bastion");
    params.put("sessionVariables", "lock_wait_timeout=7");
    params.put("tlsVersions", "TLSv1.3");

    assertThat(ReachParams.of(params))
        .containsExactly(
            Map.entry("sslMode", "DISABLED"),
            Map.entry("trustCertificateKeyStoreUrl", "file:/ca.jks"),
            Map.entry("allowPublicKeyRetrieval", "true"),
            Map.entry("socksProxyHost", "bastion"),
            Map.entry("tlsVersions", "TLSv1.3"));
  }

  @Test
  void tellsWhetherParametersMentionTls() {
    assertThat(ReachParams.mentionTls(Map.of("useSSL", "true"))).isTrue();
    assertThat(ReachParams.mentionTls(Map.of("fallbackToSystemTrustStore", "false"))).isTrue();
    assertThat(ReachParams.mentionTls(Map.of("allowPublicKeyRetrieval", "true"))).isFalse();
    assertThat(ReachParams.mentionTls(Map.of())).isFalse();
  }
}
