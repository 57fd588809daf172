package dev.dbit.internal.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dbit.internal.config.ConfigurationReader;
import dev.dbit.internal.config.DbitConfiguration;
import dev.dbit.internal.config.ProviderKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

class ServerProvisionerTest {
  private static final DockerLook USABLE = new DockerLook(true, "the engine holds the images");

  private static DbitConfiguration config(Map<String, String> parameters) {
    return new ConfigurationReader(key -> Optional.ofNullable(parameters.get(key))).read();
  }

  @Test
  void autoPrefersAnExplicitUrl() {
    ServerChoice choice =
        ServerProvisioner.choose(
            config(Map.of("dbit.url", "jdbc:mysql://127.0.0.1:3306/")), image -> USABLE);

    assertThat(choice).isEqualTo(new ServerChoice(ProviderKind.EXTERNAL, "dbit.url is set"));
  }

  @Test
  void autoTakesTestcontainersWhenDockerHoldsTheImages() {
    List<String> asked = new ArrayList<>();
    ServerChoice choice =
        ServerProvisioner.choose(
            config(Map.of("dbit.image", "dbit/mysql:8.0.31")),
            image -> {
              asked.add(image);
              return USABLE;
            });

    assertThat(asked).containsExactly("dbit/mysql:8.0.31");
    assertThat(choice).isEqualTo(new ServerChoice(ProviderKind.TESTCONTAINERS, USABLE.finding()));
  }

  @Test
  void autoFallsBackToEmbeddedAndSaysTheTrueReason() {
    DockerLook missing =
        new DockerLook(false, "the Docker engine at unix:///x answers but holds no mysql:8.4");
    ServerChoice choice = ServerProvisioner.choose(config(Map.of()), image -> missing);

    assertThat(choice)
        .isEqualTo(
            new ServerChoice(
                ProviderKind.EMBEDDED,
                "no dbit.url, and the Docker engine at unix:///x answers but holds no mysql:8.4"));
  }

  @Test
  void explicitProviderIsNeverSecondGuessed() {
    ServerChoice choice =
        ServerProvisioner.choose(config(Map.of("dbit.provider", "embedded")), image -> USABLE);

    assertThat(choice.kind()).isEqualTo(ProviderKind.EMBEDDED);
  }

  @Test
  void externalUrlKeepsItsParametersAndDefaultsThePort() {
    ExternalServer server =
        ExternalServer.fromUrl(
            "jdbc:mysql://db.example/ignored?sslMode=REQUIRED",
            "app",
            dev.dbit.internal.config.Secret.of("pw"));

    assertThat(server.host()).isEqualTo("db.example");
    assertThat(server.port()).isEqualTo(3306);
    assertThat(server.baseParams()).containsExactly(Map.entry("sslMode", "REQUIRED"));
    assertThat(server.description()).isEqualTo("external server db.example:3306 as app");
  }

  @Test
  void externalUrlWithBadPortIsAConfigurationError() {
    assertThatThrownBy(
            () ->
                ExternalServer.fromUrl(
                    "jdbc:mysql://db.example:port/",
                    "root",
                    dev.dbit.internal.config.Secret.of("")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "dbit: invalid value 'jdbc:mysql://db.example:port/' for dbit.url. The port must be a"
                + " number, for example jdbc:mysql://127.0.0.1:3306/");
  }

  @Test
  void aLocalServerGetsNoTlsUnlessTheUserMentionsIt() {
    dev.dbit.internal.config.Secret none = dev.dbit.internal.config.Secret.of("");

    assertThat(ExternalServer.fromUrl("jdbc:mysql://127.0.0.1:3307/", "root", none).baseParams())
        .containsExactly(Map.entry("sslMode", "DISABLED"));
    assertThat(ExternalServer.fromUrl("jdbc:mysql://localhost/", "root", none).baseParams())
        .containsExactly(Map.entry("sslMode", "DISABLED"));
    assertThat(
            ExternalServer.fromUrl("jdbc:mysql://127.0.0.1/?useSSL=true", "root", none)
                .baseParams())
        .containsExactly(Map.entry("useSSL", "true"));
    assertThat(
            ExternalServer.fromUrl(
                    "jdbc:mysql://127.0.0.1/", "root", none, Map.of("sslMode", "REQUIRED"))
                .baseParams())
        .isEmpty();
    assertThat(ExternalServer.fromUrl("jdbc:mysql://db.example/", "root", none).baseParams())
        .isEmpty();
  }
}
