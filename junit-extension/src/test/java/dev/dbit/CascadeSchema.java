package dev.dbit;

/**
 * The cascade fixture: {@code account} (100 rows) -> {@code project} (2,000, {@code ON DELETE
 * CASCADE ON UPDATE CASCADE}) -> {@code task} (20,000, {@code ON DELETE CASCADE}) -> {@code note}
 * (20,000, {@code ON DELETE SET NULL}). Account {@code a} holds projects {@code 20(a-1)+1 .. 20a},
 * project {@code p} tasks {@code 10(p-1)+1 .. 10p}, task {@code t} note {@code t}. Used by the
 * benchmark's {@code reset-cascade} scenario and {@code CascadeResetTest}.
 */
public final class CascadeSchema {
  private CascadeSchema() {}

  /** Projects per account. */
  public static final int PROJECTS = 20;

  /** Tasks (and notes) per project. */
  public static final int TASKS = 10;

  /** The tables, parent first. */
  public static final String[] TABLES = {"account", "project", "task", "note"};

  private static final String DIGITS =
      "(SELECT 0 d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4"
          + " UNION ALL SELECT 5 UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8"
          + " UNION ALL SELECT 9)";

  /** The migration that creates and seeds these tables. */
  public static final String SQL =
      """
      CREATE TABLE account (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL);
      CREATE TABLE project (
        id INT PRIMARY KEY,
        account_id INT NOT NULL,
        name VARCHAR(40) NOT NULL,
        CONSTRAINT fk_project_account FOREIGN KEY (account_id) REFERENCES account (id)
          ON DELETE CASCADE ON UPDATE CASCADE);
      CREATE TABLE task (
        id INT PRIMARY KEY,
        project_id INT NOT NULL,
        title VARCHAR(40) NOT NULL,
        CONSTRAINT fk_task_project FOREIGN KEY (project_id) REFERENCES project (id)
          ON DELETE CASCADE);
      CREATE TABLE note (
        id INT PRIMARY KEY,
        task_id INT NULL,
        body VARCHAR(80) NOT NULL,
        CONSTRAINT fk_note_task FOREIGN KEY (task_id) REFERENCES task (id) ON DELETE SET NULL);
      CREATE TABLE numbers (n INT PRIMARY KEY);
      INSERT INTO numbers
        SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 1
        FROM DIGITS a, DIGITS b, DIGITS c, DIGITS e, DIGITS f
        WHERE a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d < 20000;
      INSERT INTO account SELECT n, CONCAT('account ', n) FROM numbers WHERE n <= 100;
      INSERT INTO project SELECT n, (n - 1) DIV 20 + 1, CONCAT('project ', n) FROM numbers
        WHERE n <= 2000;
      INSERT INTO task SELECT n, (n - 1) DIV 10 + 1, CONCAT('task ', n) FROM numbers;
      INSERT INTO note SELECT n, n, CONCAT('note on task ', n) FROM numbers;
      DROP TABLE numbers;
      ANALYZE TABLE account, project, task, note;
      """
          .replace("DIGITS", DIGITS);
}
