package dev.dbit.sample.spring;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Registers customers and counts them. */
@RestController
public class CustomerController {
  private final CustomerRepository customers;
  private final Catalog catalog;

  public CustomerController(CustomerRepository customers, Catalog catalog) {
    this.customers = customers;
    this.catalog = catalog;
  }

  @PostMapping("/customers")
  @ResponseStatus(HttpStatus.CREATED)
  public String register(
      @RequestParam String email, @RequestParam String name, @RequestParam String country) {
    if (!catalog.countryCodes().contains(country)) {
      throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "no such country: " + country);
    }
    return Long.toString(customers.save(new Customer(email, name, country)).getId());
  }

  @GetMapping("/customers/count")
  public long count() {
    return customers.count();
  }
}
