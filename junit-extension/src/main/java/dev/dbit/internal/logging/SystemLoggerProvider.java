package dev.dbit.internal.logging;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * An SLF4J provider that hands every log call to {@link System.Logger}. Not registered as a service
 * (it would compete with the application's own provider); {@link Slf4jRouting} names it only when
 * the class path has none.
 */
public final class SystemLoggerProvider implements SLF4JServiceProvider {
  private final Map<String, SystemLoggerAdapter> loggers = new ConcurrentHashMap<>();
  private final ILoggerFactory factory =
      name -> loggers.computeIfAbsent(name, SystemLoggerAdapter::new);
  private final IMarkerFactory markers = new BasicMarkerFactory();
  private final MDCAdapter mdc = new NOPMDCAdapter();

  @Override
  public ILoggerFactory getLoggerFactory() {
    return factory;
  }

  @Override
  public IMarkerFactory getMarkerFactory() {
    return markers;
  }

  @Override
  public MDCAdapter getMDCAdapter() {
    return mdc;
  }

  @Override
  public String getRequestedApiVersion() {
    return "2.0.99";
  }

  @Override
  public void initialize() {
    // Nothing to set up: System.Logger is ready.
  }
}
