package dev.dbit.sample.service;

import dev.dbit.sample.BusinessRuleException;
import dev.dbit.sample.Database;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.repository.InvoiceRepository;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.ProductRepository;
import java.time.LocalDate;
import java.util.Map;
import java.util.TreeMap;

/** Issues invoices for paid orders, with one tax line per tax rate. */
public final class InvoiceService {
  private static final int PAYMENT_TERM_DAYS = 14;
  private final Database database;
  private final OrderRepository orders = new OrderRepository();
  private final InvoiceRepository invoices = new InvoiceRepository();
  private final ProductRepository products = new ProductRepository();

  public InvoiceService(Database database) {
    this.database = database;
  }

  public long issue(long orderId, LocalDate today) {
    return database.inTransaction(
        c -> {
          OrderRepository.Order order =
              orders
                  .find(c, orderId)
                  .orElseThrow(() -> new BusinessRuleException("no order " + orderId));
          if (order.status() == OrderStatus.NEW || order.status() == OrderStatus.CANCELLED) {
            throw new BusinessRuleException(
                "order " + order.number() + " is " + order.status() + "; invoice paid orders only");
          }
          if (invoices.forOrder(c, orderId).isPresent()) {
            throw new BusinessRuleException("order " + order.number() + " is already invoiced");
          }
          long net = order.totals().subtotal().minus(order.totals().discount()).cents();
          long invoiceId =
              invoices.create(
                  c,
                  "INV-" + order.number().substring(3),
                  orderId,
                  order.customerId(),
                  net,
                  order.totals().tax().cents(),
                  today.plusDays(PAYMENT_TERM_DAYS));
          Map<String, long[]> perRate = new TreeMap<>();
          for (OrderRepository.Line line : orders.lines(c, orderId)) {
            ProductRepository.Product product = products.find(c, line.productId()).orElseThrow();
            invoices.addLine(
                c,
                invoiceId,
                product.name(),
                line.quantity(),
                line.unitPriceCents(),
                product.taxRateCode());
            long[] sums = perRate.computeIfAbsent(product.taxRateCode(), k -> new long[2]);
            sums[0] += line.lineTotalCents();
          }
          long taxLeft = order.totals().tax().cents();
          int remaining = perRate.size();
          for (Map.Entry<String, long[]> rate : perRate.entrySet()) {
            long share =
                --remaining == 0
                    ? taxLeft
                    : Math.round(
                        (double) order.totals().tax().cents()
                            * rate.getValue()[0]
                            / order.totals().subtotal().cents());
            taxLeft -= share;
            invoices.addTaxLine(c, invoiceId, rate.getKey(), rate.getValue()[0], share);
          }
          return invoiceId;
        });
  }
}
