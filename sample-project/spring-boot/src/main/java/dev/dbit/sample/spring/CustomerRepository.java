package dev.dbit.sample.spring;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** Customers by id. */
public interface CustomerRepository extends JpaRepository<Customer, Long> {
  List<Customer> findByCountryCode(String countryCode);
}
