package dev.dbit.sample.spring.h2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.sample.spring.CustomerRepository;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * {@code CustomerWebTest} on H2: the server's threads commit, so no rollback can undo it; the
 * test deletes what it wrote itself.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.datasource.url=jdbc:h2:mem:shop;MODE=MySQL")
class H2CustomerWebTest {
  @Value("${local.server.port}")
  int port;

  @Autowired CustomerRepository customers;

  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void deletesWhatTheServerCommitted() {
    customers.deleteAll();
  }

  @RepeatedTest(2)
  void registersACustomerThroughTheApi() throws IOException, InterruptedException {
    assertThat(send("GET", "/customers/count").body()).isEqualTo("0");

    HttpResponse<String> created =
        send("POST", "/customers?email=grace@example.com&name=Grace&country=FR");

    assertThat(created.statusCode()).isEqualTo(201);
    assertThat(send("GET", "/customers/count").body()).isEqualTo("1");
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
