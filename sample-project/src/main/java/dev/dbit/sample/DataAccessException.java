package dev.dbit.sample;

import java.sql.SQLException;

/** A database call failed; wraps the driver's exception. */
public final class DataAccessException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DataAccessException(SQLException cause) {
    super(cause.getMessage(), cause);
  }
}
