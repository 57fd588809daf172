package dev.dbit.sample.spring;

import org.springframework.data.jpa.repository.JpaRepository;

/** Countries by code. */
public interface CountryRepository extends JpaRepository<Country, String> {}
