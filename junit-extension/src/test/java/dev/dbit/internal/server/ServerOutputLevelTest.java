package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

class ServerOutputLevelTest {

  @Test
  void theServersOwnTagDecidesNotTheWordError() {
    assertThat(
            ServerOutputLevel.of(
                "2026-12-04 7:06:06 765 [Warning] Aborted connection 765 to db:"
                    + " 'unconnected' user: 'root' host: '' (Got an error writing communication packets)"))
        .isEqualTo(Level.INFO);
    assertThat(ServerOutputLevel.of("2026-12-04 7:06:06 0 [Warning] 'proxies_priv' entry ignored"))
        .isEqualTo(Level.WARN);
    assertThat(
            ServerOutputLevel.of(
                "2026-12-04 7:06:06 0 [ERROR] Can't start server: Bind on TCP/IP port"))
        .isEqualTo(Level.ERROR);
    assertThat(ServerOutputLevel.of("2026-12-04 7:06:06 0 [Note] mariadbd: ready for connections."))
        .isEqualTo(Level.INFO);
  }
}
