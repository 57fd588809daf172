package dev.dbit.internal.template;

/** dbit was about to change a schema it did not create, and refused. */
public final class SchemaNotOwnedException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public SchemaNotOwnedException(String message) {
    super(message);
  }
}
