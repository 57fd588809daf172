package dev.dbit.sample.service;

import dev.dbit.sample.BusinessRuleException;
import dev.dbit.sample.Database;
import dev.dbit.sample.model.LoyaltyPolicy;
import dev.dbit.sample.model.OrderNumber;
import dev.dbit.sample.model.OrderStatus;
import dev.dbit.sample.model.OrderTotals;
import dev.dbit.sample.repository.CouponRepository;
import dev.dbit.sample.repository.LoyaltyRepository;
import dev.dbit.sample.repository.OrderRepository;
import dev.dbit.sample.repository.PaymentRepository;
import dev.dbit.sample.repository.ProductRepository;
import dev.dbit.sample.repository.StockRepository;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Turns a basket into a placed order, reserves stock, takes payment and books loyalty points. */
public final class CheckoutService {
  private final Database database;
  private final long warehouseId;
  private final ProductRepository products = new ProductRepository();
  private final StockRepository stock = new StockRepository();
  private final OrderRepository orders = new OrderRepository();
  private final CouponRepository coupons = new CouponRepository();
  private final PaymentRepository payments = new PaymentRepository();
  private final LoyaltyRepository loyalty = new LoyaltyRepository();

  public CheckoutService(Database database, long warehouseId) {
    this.database = database;
    this.warehouseId = warehouseId;
  }

  /** One basket line. */
  public record Item(String sku, int quantity) {}

  /** The placed order. */
  public record Placed(long orderId, String orderNumber, OrderTotals totals) {}

  /** Places an order in one transaction; nothing is written when any rule fails. */
  public Placed placeOrder(
      long customerId, List<Item> items, Optional<String> couponCode, LocalDate today) {
    if (items.isEmpty()) {
      throw new BusinessRuleException("an order needs at least one item");
    }
    return database.inTransaction(
        c -> {
          List<ProductRepository.Product> found = new ArrayList<>();
          List<OrderTotals.Line> lines = new ArrayList<>();
          for (Item item : items) {
            ProductRepository.Product product =
                products
                    .findBySku(c, item.sku())
                    .filter(ProductRepository.Product::active)
                    .orElseThrow(
                        () ->
                            new BusinessRuleException("unknown or inactive product " + item.sku()));
            found.add(product);
            lines.add(
                new OrderTotals.Line(product.price(), item.quantity(), product.taxBasisPoints()));
          }
          Optional<CouponRepository.Coupon> coupon =
              couponCode.map(code -> findCoupon(c, code, today));
          String currency = found.get(0).price().currency();
          OrderTotals totals =
              OrderTotals.of(
                  lines,
                  coupon.map(CouponRepository.Coupon::discountBasisPoints).orElse(0),
                  currency);
          String prefix = "SO-" + today.toString().replace("-", "") + "-";
          String number = OrderNumber.of(today, orders.nextSequence(c, prefix)).value();
          long orderId = orders.create(c, number, customerId, totals);
          for (int i = 0; i < items.size(); i++) {
            ProductRepository.Product product = found.get(i);
            int quantity = items.get(i).quantity();
            if (!stock.reserve(c, warehouseId, product.id(), quantity)) {
              throw new BusinessRuleException(
                  "not enough stock of " + product.sku() + " for " + quantity);
            }
            orders.addLine(c, orderId, product.id(), quantity, product.price().cents());
          }
          if (coupon.isPresent()) {
            coupons.redeem(c, coupon.get().id(), orderId, customerId);
          }
          return new Placed(orderId, number, totals);
        });
  }

  /** Captures payment for a NEW order, moves it to PAID and books loyalty points. */
  public long pay(long orderId, String method, boolean providerAccepts) {
    return database.inTransaction(
        c -> {
          OrderRepository.Order order =
              orders
                  .find(c, orderId)
                  .orElseThrow(() -> new BusinessRuleException("no order " + orderId));
          if (order.status() != OrderStatus.NEW) {
            throw new BusinessRuleException(
                "order " + order.number() + " is " + order.status() + ", not NEW");
          }
          long paymentId = payments.create(c, orderId, method, order.totals().total().cents());
          payments.recordAttempt(
              c, paymentId, providerAccepts, providerAccepts ? null : "DECLINED");
          if (!providerAccepts) {
            return paymentId;
          }
          orders.moveTo(c, orderId, OrderStatus.NEW, OrderStatus.PAID);
          loyalty.book(
              c,
              order.customerId(),
              LoyaltyPolicy.pointsEarned(order.totals().total()),
              "ORDER_PAID",
              orderId);
          return paymentId;
        });
  }

  /** Cancels an unshipped order and releases its reserved stock. */
  public void cancel(long orderId) {
    database.inTransaction(
        c -> {
          OrderRepository.Order order =
              orders
                  .find(c, orderId)
                  .orElseThrow(() -> new BusinessRuleException("no order " + orderId));
          if (!orders.moveTo(c, orderId, order.status(), OrderStatus.CANCELLED)) {
            throw new BusinessRuleException(
                "order " + order.number() + " cannot be cancelled when " + order.status());
          }
          for (OrderRepository.Line line : orders.lines(c, orderId)) {
            stock.release(c, warehouseId, line.productId(), line.quantity());
          }
          return null;
        });
  }

  private CouponRepository.Coupon findCoupon(Connection c, String code, LocalDate today) {
    try {
      CouponRepository.Coupon coupon =
          coupons
              .findByCode(c, code)
              .orElseThrow(() -> new BusinessRuleException("unknown coupon " + code));
      if (!coupon.usableOn(today)) {
        throw new BusinessRuleException("coupon " + code + " is expired or used up");
      }
      return coupon;
    } catch (SQLException e) {
      throw new dev.dbit.sample.DataAccessException(e);
    }
  }
}
