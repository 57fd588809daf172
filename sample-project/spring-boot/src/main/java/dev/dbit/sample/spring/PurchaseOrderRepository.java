package dev.dbit.sample.spring;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

/** A customer's orders: without their lines (loaded later, one query per order) or with them. */
public interface PurchaseOrderRepository extends JpaRepository<PurchaseOrder, Long> {
  List<PurchaseOrder> findByCustomerId(Long customerId);

  @Query(
      "select distinct o from PurchaseOrder o left join fetch o.lines"
          + " where o.customerId = :customerId")
  List<PurchaseOrder> findWithLinesByCustomerId(Long customerId);
}
