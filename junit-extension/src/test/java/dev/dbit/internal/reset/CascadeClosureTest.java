package dev.dbit.internal.reset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.dbit.internal.binlog.ChangedRows;
import dev.dbit.internal.template.CascadingKey;
import dev.dbit.internal.template.SchemaLayout;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the fixpoint finds a cascade took, on a real template (the machine's MariaDB on
 * 127.0.0.1:3306): a self-referencing tree of 40 categories with a product under each, a cycle of
 * teams and members, and a table without a primary key under the tree.
 */
class CascadeClosureTest {
  private static final String URL = "jdbc:mysql://127.0.0.1:3306/?allowMultiQueries=true";
  private static final String TEMPLATE = "dbit_closure_test";
  private static Connection control;
  private static SchemaLayout layout;

  @BeforeAll
  static void createTemplate() throws SQLException {
    assumeThat(reachable()).as("MariaDB on 127.0.0.1:3306").isTrue();
    control = DriverManager.getConnection(URL, "root", "");
    try (Statement statement = control.createStatement()) {
      statement.execute("DROP DATABASE IF EXISTS " + TEMPLATE);
      statement.execute("CREATE DATABASE " + TEMPLATE);
      statement.execute(
          String.join(
              ";\n",
              "USE " + TEMPLATE,
              "CREATE TABLE category (id INT PRIMARY KEY, parent_id INT NULL,"
                  + " FOREIGN KEY fk_parent (parent_id) REFERENCES category (id) ON DELETE CASCADE)",
              "CREATE TABLE product (id INT PRIMARY KEY, category_id INT NOT NULL,"
                  + " FOREIGN KEY fk_category (category_id) REFERENCES category (id)"
                  + " ON DELETE CASCADE)",
              "CREATE TABLE label (category_id INT NULL, FOREIGN KEY fk_label (category_id)"
                  + " REFERENCES category (id) ON DELETE SET NULL)",
              "CREATE TABLE team (id INT PRIMARY KEY, lead_id INT NULL)",
              "CREATE TABLE member (id INT PRIMARY KEY, team_id INT NOT NULL,"
                  + " FOREIGN KEY fk_team (team_id) REFERENCES team (id) ON DELETE CASCADE)",
              "ALTER TABLE team ADD FOREIGN KEY fk_lead (lead_id) REFERENCES member (id)"
                  + " ON DELETE SET NULL",
              "INSERT INTO category VALUES (1, NULL)",
              "INSERT INTO category SELECT seq, (seq + 1) DIV 3 FROM seq_2_to_40",
              "INSERT INTO product SELECT seq, seq FROM seq_1_to_40",
              "INSERT INTO label SELECT seq FROM seq_1_to_40",
              "INSERT INTO team SELECT seq, NULL FROM seq_1_to_4",
              "INSERT INTO member SELECT seq, 1 + seq % 4 FROM seq_1_to_8",
              "UPDATE team SET lead_id = 1 + (id % 8)",
              "USE mysql"));
    }
    layout = SchemaLayout.read(control, TEMPLATE);
  }

  @AfterAll
  static void dropTemplate() throws SQLException {
    if (control != null) {
      try (Statement statement = control.createStatement()) {
        statement.execute("DROP DATABASE IF EXISTS " + TEMPLATE);
      }
      control.close();
    }
  }

  private static boolean reachable() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", 3306), 500);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /** What the log would say: every key followed, these values released. */
  private static ChangedRows released(Map<String, Set<List<String>>> values) {
    Set<String> keys =
        layout.referenceCascades().stream().map(CascadingKey::name).collect(Collectors.toSet());
    return new ChangedRows(Map.of(), Set.of(), values, keys);
  }

  private static CascadeClosure closure(List<String> dirty, ChangedRows changes)
      throws SQLException {
    return CascadeClosure.of(
        control, layout, dev.dbit.internal.template.RowOrigin.schema(TEMPLATE), dirty, changes);
  }

  private static Set<List<String>> ids(IntStream ids) {
    return ids.mapToObj(i -> List.of(Integer.toString(i))).collect(Collectors.toSet());
  }

  private static String key(String table) {
    return layout.referenceCascades().stream()
        .filter(k -> k.child().equals(table))
        .findFirst()
        .orElseThrow()
        .name();
  }

  @Test
  void aWriteThatReleasesNothingReachesNothing() throws SQLException {
    CascadeClosure closure = closure(List.of("category", "team"), released(Map.of()));

    assertThat(closure.reached()).isEmpty();
  }

  @Test
  void aDeletedNodeTakesItsWholeSubtreeAndTheProductsUnderIt() throws SQLException {
    String tree = key("category");
    // Category 2 went: its children 5, 6, 7, theirs 14 to 22, and 41 is beyond the template.
    Set<List<String>> two = Set.of(List.of("2"));
    CascadeClosure closure =
        closure(
            List.of("category"),
            released(Map.of(tree, two, key("product"), two, key("label"), two)));

    Set<List<String>> subtree = new HashSet<>(ids(IntStream.of(5, 6, 7)));
    subtree.addAll(ids(IntStream.rangeClosed(14, 22)));
    assertThat(closure.rows("category")).isEqualTo(subtree);
    subtree.add(List.of("2"));
    assertThat(closure.rows("product")).isEqualTo(subtree);
    // label has no primary key: nothing names its rows, so it is compared in full.
    assertThat(closure.inFull("label")).isTrue();
    assertThat(closure.reached()).containsExactlyInAnyOrder("category", "product", "label");
  }

  @Test
  void aCycleEndsWhereNoNewValueAppears() throws SQLException {
    // Team 1 went: members 4 and 8 with it, and team 3, which member 4 led, lost its lead. A
    // lead set null releases nothing further: members refer to a team's id, not its lead.
    CascadeClosure closure =
        closure(List.of("team"), released(Map.of(key("member"), Set.of(List.of("1")))));

    assertThat(closure.rows("member")).isEqualTo(ids(IntStream.of(4, 8)));
    assertThat(closure.rows("team")).isEqualTo(ids(IntStream.of(3)));
    assertThat(closure.inFull("team")).isFalse();
  }

  @Test
  void aParentChangedWithoutItsReleasedValuesKnownIsComparedInFull() throws SQLException {
    CascadeClosure closure = closure(List.of("team"), ChangedRows.unknown());

    assertThat(closure.reached()).containsExactlyInAnyOrder("member", "team");
    assertThat(closure.inFull("member")).isTrue();
    assertThat(CascadeClosure.unknown(layout, List.of("category")).reached())
        .containsExactlyInAnyOrder("category", "product", "label");
  }
}
