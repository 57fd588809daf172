package dev.dbit.sample;

/** A request the shop refuses, such as ordering more than is in stock. */
public final class BusinessRuleException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BusinessRuleException(String message) {
    super(message);
  }
}
