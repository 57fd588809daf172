package dev.dbit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

/** Small Flyway migration sets written to a directory, each unique so it gets a fresh template. */
final class Migrations {
  private Migrations() {}

  static final String ORDERS =
      """
      CREATE TABLE status (code VARCHAR(10) PRIMARY KEY, label VARCHAR(40) NOT NULL);
      INSERT INTO status VALUES ('NEW', 'New'), ('DONE', 'Done');
      CREATE TABLE orders (
        id BIGINT AUTO_INCREMENT PRIMARY KEY,
        status_code VARCHAR(10) NOT NULL,
        CONSTRAINT fk_orders_status FOREIGN KEY (status_code) REFERENCES status (code));
      """;

  /**
   * The two tables the stall and report fixtures write ({@code brand}, {@code product_tag}): for
   * runs whose subject is not the 135-table reset, above all those through a stalling relay, where
   * every request of the setup waits too.
   */
  static final String SMALL_SHOP =
      """
      CREATE TABLE brand (id BIGINT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(120) NOT NULL);
      CREATE TABLE product_tag (id BIGINT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(120) NOT NULL);
      """;

  /**
   * {@link #SMALL_SHOP} as a Flyway location under {@code target/}: the same content in every run,
   * so that a server keeps one template for it.
   */
  static String smallShop() {
    Path dir = Path.of("target", "migrations", "small-shop").toAbsolutePath();
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("V1__small_shop.sql"), SMALL_SHOP);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return "filesystem:" + dir;
  }

  /** Writes {@code files} into {@code dir} with a unique comment; returns the Flyway location. */
  static String write(Path dir, Map<String, String> files) throws IOException {
    Files.createDirectories(dir);
    String nonce = "-- test run " + UUID.randomUUID() + "\n";
    for (Map.Entry<String, String> file : files.entrySet()) {
      Files.writeString(dir.resolve(file.getKey()), nonce + file.getValue());
    }
    return "filesystem:" + dir;
  }
}
