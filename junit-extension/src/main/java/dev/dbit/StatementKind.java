package dev.dbit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a statement does, as dbit counts it: reads, the three kinds of write, and the rest. The kind
 * comes from the statement's first word outside parentheses ({@code REPLACE} counts as an insert;
 * after {@code WITH}, the statement the common table expressions lead to).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum StatementKind {
  SELECT,
  INSERT,
  UPDATE,
  DELETE,
  /** Anything else: {@code SET}, {@code CALL}, DDL, {@code SHOW}, transaction control. */
  OTHER
}
