package dev.dbit.sample.spring;

import org.springframework.cache.annotation.EnableCaching;
import org.springframework.context.annotation.Configuration;

/** Caching on its own configuration, so that slice tests without a cache manager leave it out. */
@Configuration
@EnableCaching
public class CachingConfig {}
