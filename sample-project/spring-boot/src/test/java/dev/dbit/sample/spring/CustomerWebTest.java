package dev.dbit.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import dev.dbit.TestDatabase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Through the real server port: the web server's threads write into the schema of this class, and
 * dbit counts their statements for the test. {@code @Isolated}: with classes in parallel, a web
 * server thread could not tell which class's schema it serves.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DbIntegrationTest
@Isolated
class CustomerWebTest {
  @Value("${local.server.port}")
  int port;

  private final HttpClient http = HttpClient.newHttpClient();

  @RepeatedTest(2)
  void registersACustomerThroughTheApi(TestDatabase database)
      throws IOException, InterruptedException, SQLException {
    assertThat(send("GET", "/customers/count").body()).isEqualTo("0");

    HttpResponse<String> created =
        send("POST", "/customers?email=grace@example.com&name=Grace&country=FR");

    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(send("GET", "/customers/count").body()).isEqualTo("1");
    assertThat(database.metrics().statements()).isGreaterThanOrEqualTo(3);
  }

  private HttpResponse<String> send(String method, String path)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
