package dev.dbit;

/**
 * The large reference table fixture: {@code image}, 100,000 seeded rows with a blob column, under
 * {@code gallery} (ten rows, {@code ON DELETE CASCADE}); {@code word}, 5,000 rows keyed by a
 * case-insensitive string; {@code word_log}, 2,000 rows without a primary key; {@code image_tag},
 * whose trigger updates an image; {@code license}, three rows. Used by {@code
 * LargeReferenceTableTest} and the benchmark's {@code reset-large} scenario.
 */
public final class LargeTableSchema {
  private LargeTableSchema() {}

  private static final String DIGITS =
      "(SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4"
          + " UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8"
          + " UNION ALL SELECT 9)";

  /** The migration that creates and seeds these tables. */
  public static final String SQL =
      """
      CREATE TABLE gallery (id INT PRIMARY KEY, title VARCHAR(40) NOT NULL);
      INSERT INTO gallery (id, title) VALUES (1, 'g1'), (2, 'g2'), (3, 'g3'), (4, 'g4'),
        (5, 'g5'), (6, 'g6'), (7, 'g7'), (8, 'g8'), (9, 'g9'), (10, 'g10');
      CREATE TABLE image (
        id INT PRIMARY KEY,
        gallery_id INT NOT NULL,
        name VARCHAR(40) NOT NULL,
        png BLOB NOT NULL,
        KEY image_name (name),
        FOREIGN KEY (gallery_id) REFERENCES gallery (id) ON DELETE CASCADE);
      CREATE TABLE image_tag (image_id INT NOT NULL, tag VARCHAR(20) NOT NULL);
      CREATE TRIGGER image_tagged AFTER INSERT ON image_tag FOR EACH ROW
        UPDATE image SET name = CONCAT(name, '#', NEW.tag) WHERE id = NEW.image_id;
      INSERT INTO image (id, gallery_id, name, png)
      SELECT n, 1 + n % 10, CONCAT('image-', n), UNHEX(SHA2(CONCAT('png', n), 256)) FROM (
        SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d AS n
        FROM DIGITS a, DIGITS b, DIGITS c, DIGITS e, DIGITS f) digits;
      CREATE TABLE license (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL);
      INSERT INTO license (id, name) VALUES (1, 'CC0'), (2, 'CC-BY'), (3, 'all rights reserved');
      CREATE TABLE word (word VARCHAR(40) PRIMARY KEY, n INT NOT NULL);
      INSERT INTO word (word, n)
      SELECT CONCAT('w', n), n FROM (
        SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d AS n
        FROM DIGITS a, DIGITS b, DIGITS c, DIGITS e) digits WHERE n < 5000;
      CREATE TABLE word_log (word VARCHAR(40) NOT NULL, n INT NOT NULL);
      INSERT INTO word_log (word, n) SELECT word, n FROM word WHERE n < 2000;
      ANALYZE TABLE image, word, word_log;
      """
          .replace("DIGITS", DIGITS);
}
