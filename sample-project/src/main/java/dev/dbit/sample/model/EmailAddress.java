package dev.dbit.sample.model;

import java.util.Locale;
import java.util.regex.Pattern;

/** A normalised e-mail address: trimmed, lower case, one @, a dot in the domain. */
public record EmailAddress(String value) {
  private static final Pattern SHAPE = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

  public EmailAddress {
    if (value == null || !SHAPE.matcher(value).matches()) {
      throw new IllegalArgumentException("not an e-mail address: " + value);
    }
  }

  public static EmailAddress parse(String raw) {
    return new EmailAddress(raw == null ? null : raw.trim().toLowerCase(Locale.ROOT));
  }
}
