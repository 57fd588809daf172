package dev.dbit;

import java.util.List;

/**
 * The tree fixture: 150 tables shaped like a real application's, where cascades run through
 * self-references, a cycle and a deep chain. {@code category} is a self-referencing ternary tree
 * (364 rows, six levels, {@code ON DELETE CASCADE}) with {@code product} and {@code review} (a
 * self-referencing thread per product, 1,200 rows) below it; {@code folder} refers to itself {@code
 * ON DELETE SET NULL}; {@code team} and {@code member} form a cycle (a member's team cascades, a
 * team's lead is set null); {@code org} to {@code seat} is a six-level chain ({@code ON UPDATE
 * CASCADE} at the top); {@code sku}, {@code variant} and {@code variant_price} carry an {@code ON
 * UPDATE CASCADE} that rewrites a column a further key refers to. 130 further tables of 200 rows
 * each sit outside any cascade. Used by {@code CascadeTreeProofTest} and the benchmark's {@code
 * reset-tree} lines.
 */
public final class TreeSchema {
  private TreeSchema() {}

  /** Rows of {@code category}: a complete ternary tree of six levels. */
  public static final int CATEGORIES = 364;

  /** Tables outside any cascade, {@code plain_001} to {@code plain_135}. */
  public static final int PLAIN_TABLES = 135;

  /** Rows of each plain table. */
  public static final int PLAIN_ROWS = 200;

  /** The six tables of the chain, top first. */
  public static final List<String> CHAIN =
      List.of("org", "division", "department", "unit", "squad", "seat");

  /** Rows of each table of {@link #CHAIN}, top first. */
  private static final List<Integer> CHAIN_ROWS = List.of(5, 20, 60, 150, 300, 1200);

  private static final String DIGITS =
      "(SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4"
          + " UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8"
          + " UNION ALL SELECT 9)";

  /** The migration that creates and seeds these tables. */
  public static final String SQL = sql(PLAIN_TABLES);

  /**
   * The same cascades beside only {@code plainTables} plain tables: what the randomized proof runs
   * on, since it compares every table before each of its 1,000 tests.
   */
  public static String sql(int plainTables) {
    return cascades() + plainTables(plainTables);
  }

  private static String cascades() {
    return """
        CREATE TABLE numbers (n INT PRIMARY KEY);
        INSERT INTO numbers SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 1
          FROM DIGITS a, DIGITS b, DIGITS c, DIGITS e;
        CREATE TABLE category (
          id INT PRIMARY KEY,
          parent_id INT NULL,
          name VARCHAR(40) NOT NULL,
          CONSTRAINT fk_category_parent FOREIGN KEY (parent_id) REFERENCES category (id)
            ON DELETE CASCADE);
        CREATE TABLE product (
          id INT PRIMARY KEY,
          category_id INT NOT NULL,
          name VARCHAR(40) NOT NULL,
          CONSTRAINT fk_product_category FOREIGN KEY (category_id) REFERENCES category (id)
            ON DELETE CASCADE);
        CREATE TABLE review (
          id INT PRIMARY KEY,
          product_id INT NOT NULL,
          reply_to INT NULL,
          body VARCHAR(60) NOT NULL,
          CONSTRAINT fk_review_product FOREIGN KEY (product_id) REFERENCES product (id)
            ON DELETE CASCADE,
          CONSTRAINT fk_review_reply FOREIGN KEY (reply_to) REFERENCES review (id)
            ON DELETE CASCADE);
        CREATE TABLE folder (
          id INT PRIMARY KEY,
          parent_id INT NULL,
          name VARCHAR(40) NOT NULL,
          CONSTRAINT fk_folder_parent FOREIGN KEY (parent_id) REFERENCES folder (id)
            ON DELETE SET NULL);
        CREATE TABLE team (id INT PRIMARY KEY, lead_id INT NULL, name VARCHAR(40) NOT NULL);
        CREATE TABLE member (
          id INT PRIMARY KEY,
          team_id INT NOT NULL,
          name VARCHAR(40) NOT NULL,
          CONSTRAINT fk_member_team FOREIGN KEY (team_id) REFERENCES team (id) ON DELETE CASCADE);
        ALTER TABLE team ADD CONSTRAINT fk_team_lead FOREIGN KEY (lead_id) REFERENCES member (id)
          ON DELETE SET NULL;
        CREATE TABLE sku (code VARCHAR(12) PRIMARY KEY, name VARCHAR(40) NOT NULL);
        CREATE TABLE variant (
          id INT PRIMARY KEY, sku_code VARCHAR(12) NOT NULL, n INT NOT NULL,
          UNIQUE KEY uq_variant (sku_code, n),
          CONSTRAINT fk_variant_sku FOREIGN KEY (sku_code) REFERENCES sku (code)
            ON DELETE CASCADE ON UPDATE CASCADE);
        CREATE TABLE variant_price (
          id INT PRIMARY KEY, sku_code VARCHAR(12) NOT NULL, n INT NOT NULL, cents INT NOT NULL,
          CONSTRAINT fk_price_variant FOREIGN KEY (sku_code, n) REFERENCES variant (sku_code, n)
            ON DELETE CASCADE ON UPDATE CASCADE);
        INSERT INTO category SELECT n, IF(n = 1, NULL, (n + 1) DIV 3), CONCAT('category ', n)
          FROM numbers WHERE n <= 364 ORDER BY n;
        INSERT INTO product SELECT n, 1 + (n * 7) % 364, CONCAT('product ', n)
          FROM numbers WHERE n <= 400;
        INSERT INTO review SELECT n, 1 + (n - 1) % 400, IF(n <= 400, NULL, n - 400),
          CONCAT('review ', n) FROM numbers WHERE n <= 1200 ORDER BY n;
        INSERT INTO folder SELECT n, IF(n <= 10, NULL, (n + 9) DIV 3), CONCAT('folder ', n)
          FROM numbers WHERE n <= 300 ORDER BY n;
        INSERT INTO team SELECT n, NULL, CONCAT('team ', n) FROM numbers WHERE n <= 100;
        INSERT INTO member SELECT n, 1 + (n - 1) % 100, CONCAT('member ', n)
          FROM numbers WHERE n <= 400;
        UPDATE team SET lead_id = 1 + (id * 13) % 400;
        INSERT INTO sku SELECT CONCAT('S', n), CONCAT('sku ', n) FROM numbers WHERE n <= 200;
        INSERT INTO variant SELECT n, CONCAT('S', 1 + (n - 1) % 200), (n - 1) DIV 200
          FROM numbers WHERE n <= 400;
        INSERT INTO variant_price SELECT n, CONCAT('S', 1 + (n - 1) % 200), (n - 1) DIV 200, n * 10
          FROM numbers WHERE n <= 400;
        """
            .replace("DIGITS", DIGITS)
        + chain();
  }

  /**
   * The six-level chain: each table's rows spread over its parent's, each key {@code ON DELETE
   * CASCADE}, the top one {@code ON UPDATE CASCADE} too.
   */
  private static String chain() {
    StringBuilder sql =
        new StringBuilder(
            "CREATE TABLE org (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL);\n"
                + "INSERT INTO org SELECT n, CONCAT('org ', n) FROM numbers WHERE n <= 5;\n");
    for (int i = 1; i < CHAIN.size(); i++) {
      String table = CHAIN.get(i);
      String parent = CHAIN.get(i - 1);
      sql.append(
          String.format(
              "CREATE TABLE %1$s (id INT PRIMARY KEY, %2$s_id INT NOT NULL, name VARCHAR(40) NOT"
                  + " NULL, CONSTRAINT fk_%1$s_%2$s FOREIGN KEY (%2$s_id) REFERENCES %2$s (id) ON"
                  + " DELETE CASCADE%3$s);%n"
                  + "INSERT INTO %1$s SELECT n, 1 + (n - 1) %% %4$d, CONCAT('%1$s ', n) FROM"
                  + " numbers WHERE n <= %5$d;%n",
              table,
              parent,
              i == 1 ? " ON UPDATE CASCADE" : "",
              CHAIN_ROWS.get(i - 1),
              CHAIN_ROWS.get(i)));
    }
    return sql.toString();
  }

  /** Plain tables, each referring to the one before it without a cascade. */
  private static String plainTables(int count) {
    StringBuilder sql = new StringBuilder();
    for (int i = 1; i <= count; i++) {
      String name = plain(i);
      sql.append("CREATE TABLE ")
          .append(name)
          .append(" (id INT PRIMARY KEY, ref_id INT NULL, label VARCHAR(40) NOT NULL,")
          .append(" amount INT NOT NULL")
          .append(
              i == 1
                  ? ""
                  : ", CONSTRAINT fk_"
                      + name
                      + " FOREIGN KEY (ref_id) REFERENCES "
                      + plain(i - 1)
                      + " (id)")
          .append(");\n")
          .append("INSERT INTO ")
          .append(name)
          .append(" SELECT n, IF(n % 4 = 0, NULL, n), CONCAT('")
          .append(name)
          .append(" ', n), n * 3 FROM numbers WHERE n <= ")
          .append(PLAIN_ROWS)
          .append(";\n");
    }
    return sql.append("DROP TABLE numbers;\n").toString();
  }

  /** The name of plain table {@code i} (1-based). */
  public static String plain(int i) {
    return String.format("plain_%03d", i);
  }
}
