package dev.dbit.internal.shape;

/** What a statement does, as tests count it: reads, the three kinds of write, and the rest. */
public enum StatementKind {
  SELECT,
  INSERT,
  UPDATE,
  DELETE,
  OTHER
}
