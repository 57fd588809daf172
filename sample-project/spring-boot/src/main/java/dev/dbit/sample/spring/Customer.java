package dev.dbit.sample.spring;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/** A customer of the shop. */
@Entity
public class Customer {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  private String email;
  private String name;

  @Column(name = "country_code")
  private String countryCode;

  protected Customer() {}

  public Customer(String email, String name, String countryCode) {
    this.email = email;
    this.name = name;
    this.countryCode = countryCode;
  }

  public Long getId() {
    return id;
  }

  public String getEmail() {
    return email;
  }

  public String getName() {
    return name;
  }

  public String getCountryCode() {
    return countryCode;
  }
}
