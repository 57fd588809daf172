package dev.dbit.internal.reset;

/**
 * The count, read with a test's end reading, of transactions holding locks or changes on
 * connections other than the reader's: when it is zero, no connection can have been left holding
 * any, and the lock janitor need not look.
 */
final class OpenTransactions {
  private OpenTransactions() {}

  /** A scalar subquery: the number of such transactions. */
  static final String COUNT_SQL =
      "(SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id <>"
          + " CONNECTION_ID() AND (trx_rows_locked > 0 OR trx_rows_modified > 0 OR"
          + " trx_tables_locked > 0))";
}
