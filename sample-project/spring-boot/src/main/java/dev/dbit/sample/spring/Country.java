package dev.dbit.sample.spring;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A country the shop sells to; the migration seeds three. */
@Entity
public class Country {
  @Id private String code;
  private String name;

  protected Country() {}

  public Country(String code, String name) {
    this.code = code;
    this.name = name;
  }

  public String getCode() {
    return code;
  }

  public String getName() {
    return name;
  }
}
