package dev.dbit.sample.repository;

import java.sql.Connection;
import java.sql.Date;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Optional;

/** Coupons and their redemptions. */
public final class CouponRepository {

  /** A coupon row with how often it was used. */
  public record Coupon(
      long id,
      String code,
      int discountBasisPoints,
      int maxRedemptions,
      LocalDate validUntil,
      long redemptions) {
    public boolean usableOn(LocalDate day) {
      return !day.isAfter(validUntil) && redemptions < maxRedemptions;
    }
  }

  public long create(
      Connection c, String code, int basisPoints, int maxRedemptions, LocalDate validUntil)
      throws SQLException {
    return Jdbc.insert(
        c,
        "INSERT INTO coupon (coupon_code, discount_basis_points, max_redemptions, valid_until) VALUES (?, ?, ?, ?)",
        code,
        basisPoints,
        maxRedemptions,
        Date.valueOf(validUntil));
  }

  public Optional<Coupon> findByCode(Connection c, String code) throws SQLException {
    return Jdbc.one(
        c,
        "SELECT c.id, c.coupon_code, c.discount_basis_points, c.max_redemptions, c.valid_until,"
            + " (SELECT COUNT(*) FROM coupon_redemption r WHERE r.coupon_id = c.id) FROM coupon c WHERE c.coupon_code = ?",
        row ->
            new Coupon(
                row.getLong(1),
                row.getString(2),
                row.getInt(3),
                row.getInt(4),
                row.getDate(5).toLocalDate(),
                row.getLong(6)),
        code);
  }

  public void redeem(Connection c, long couponId, long orderId, long customerId)
      throws SQLException {
    Jdbc.insert(
        c,
        "INSERT INTO coupon_redemption (coupon_id, order_id, customer_id) VALUES (?, ?, ?)",
        couponId,
        orderId,
        customerId);
  }
}
